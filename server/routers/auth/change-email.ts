import { z } from "zod";
import { changeEmail } from "../../domain/identity/account-changes";
import { authenticateLimited } from "../../trpc/authentication";
import { sessionProcedure } from "../../trpc/builders";
import { accountChanges, accountChangesOutput, email } from "../shared/schemas";

export const changeEmailProcedure = sessionProcedure
  .meta({
    errors: ["INVALID_CREDENTIALS", "DOMAIN_CONSTRAINT_VIOLATION"],
    openapi: {
      method: "POST",
      path: "/api/v1/auth/email",
      operationId: "changeEmail",
      tags: ["auth"],
      summary: "Change the e-mail address; revokes every credential and every other session",
      description: "A wrong password answers 401 INVALID_CREDENTIALS; an address in use by another account 422.",
    },
  })
  .input(
    z.object({
      password: z.string().min(1).max(256).describe("The current password, to confirm it is you."),
      new_email: email.describe("The new e-mail address; stored trimmed and lower-cased."),
    }),
  )
  .output(accountChangesOutput)
  .mutation(async ({ ctx, input }) => {
    const counts = await authenticateLimited(ctx, () =>
      changeEmail(ctx.db, ctx.caller, { password: input.password, newEmail: input.new_email }),
    );
    return accountChanges(ctx.requestId, counts);
  });
