import { z } from "zod";
import { getMailer } from "../../domain/identity/mailer";
import { requestPasswordReset, resetPassword } from "../../domain/identity/password-reset";
import { publicOrigin } from "../../http/public-url";
import { limitPerAddressAndEmail } from "../../rate-limit";
import { authenticateLimited } from "../../trpc/authentication";
import { publicProcedure } from "../../trpc/builders";
import { accountChanges, accountChangesOutput, email, newPassword, resource } from "../shared/schemas";

export const requestPasswordResetProcedure = publicProcedure
  .meta({
    successStatus: 202,
    openapi: {
      method: "POST",
      path: "/api/v1/auth/password-reset",
      operationId: "requestPasswordReset",
      tags: ["auth"],
      summary: "E-mail a password reset link",
      description:
        "Answers 202 whether or not an account uses the address, so it cannot be used to find accounts. The link " +
        "points at the configured public origin. At most 20 requests per client address and 3 per e-mail address " +
        "an hour (429 RATE_LIMITED with Retry-After, the same for known and unknown addresses).",
    },
  })
  .input(z.object({ email: email.describe("The account's e-mail address.") }))
  .output(
    z.object({
      data: resource(
        "password_reset_requests",
        z
          .object({
            email: z.string().describe("The address asked for, trimmed and lower-cased."),
            expires_in_minutes: z.number().describe("How long a link sent is valid: 60."),
          })
          .describe("What was asked."),
        z.string().describe("The request's id (X-Request-Id)."),
      )
        .meta({
          id: "PasswordResetRequest",
          description: "A password reset request, answered the same whether or not an account uses the address.",
        })
        .describe("The request."),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    await limitPerAddressAndEmail(ctx, "reset", input.email);
    await requestPasswordReset(ctx.db, getMailer(), { email: input.email, baseUrl: publicOrigin() });
    return {
      data: {
        type: "password_reset_requests" as const,
        id: ctx.requestId,
        attributes: { email: input.email, expires_in_minutes: 60 },
      },
    };
  });

export const resetPasswordProcedure = publicProcedure
  .meta({
    errors: ["TOKEN_INVALID", "TOKEN_EXPIRED", "TOKEN_REVOKED"],
    openapi: {
      method: "POST",
      path: "/api/v1/auth/password-reset/confirm",
      operationId: "resetPassword",
      tags: ["auth"],
      summary: "Set a new password with a reset token; revokes every credential and session",
      description:
        "The token comes from the link POST /api/v1/auth/password-reset e-mails; it is valid one hour and once, and using it " +
        "ends the account's other reset links. 401 TOKEN_INVALID (unknown or malformed), TOKEN_REVOKED (used) or TOKEN_EXPIRED. Every session and credential of " +
        "the account is revoked in the same transaction; sign in again with the new password.",
    },
  })
  .input(
    z.object({
      token: z
        .string()
        .min(1)
        .max(100)
        .describe("The reset token (pfr_...) from the e-mailed link; valid one hour, once."),
      new_password: newPassword,
    }),
  )
  .output(accountChangesOutput)
  .mutation(async ({ ctx, input }) => {
    const counts = await authenticateLimited(ctx, () =>
      resetPassword(ctx.db, { token: input.token, newPassword: input.new_password }),
    );
    return accountChanges(ctx.requestId, counts);
  });
