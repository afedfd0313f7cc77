import { asWorkspaceOwner } from "../../domain/identity/members";
import { inputChecked, sessionAuthenticated } from "../../trpc/builders";

/** A session whose user owns its workspace; checked before the input (403 before 400, CONTRACT order). */
export const ownerProcedure = sessionAuthenticated
  .use(async ({ ctx, next }) => next({ ctx: { caller: await asWorkspaceOwner(ctx.db, ctx.caller) } }))
  .use(inputChecked);
