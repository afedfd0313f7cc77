import { z } from "zod";
import { changePassword } from "../../domain/identity/account-changes";
import { authenticateLimited } from "../../trpc/authentication";
import { sessionProcedure } from "../../trpc/builders";
import { accountChanges, accountChangesOutput, newPassword } from "../shared/schemas";

export const changePasswordProcedure = sessionProcedure
  .meta({
    errors: ["INVALID_CREDENTIALS"],
    openapi: {
      method: "POST",
      path: "/api/v1/auth/password",
      operationId: "changePassword",
      tags: ["auth"],
      summary: "Change the password; revokes every credential and every other session",
      description: "A wrong current_password answers 401 INVALID_CREDENTIALS. The calling session stays valid.",
    },
  })
  .input(
    z.object({ current_password: z.string().min(1).max(256).describe("The password now."), new_password: newPassword }),
  )
  .output(accountChangesOutput)
  .mutation(async ({ ctx, input }) => {
    const counts = await authenticateLimited(ctx, () =>
      changePassword(ctx.db, ctx.caller, {
        currentPassword: input.current_password,
        newPassword: input.new_password,
      }),
    );
    return accountChanges(ctx.requestId, counts);
  });
