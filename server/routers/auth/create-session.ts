import { z } from "zod";
import { signIn } from "../../domain/identity/sessions";
import { signInLimited } from "../../trpc/authentication";
import { publicProcedure } from "../../trpc/builders";
import { sessionOutput, toSessionOutput } from "./schemas";

export const createSessionProcedure = publicProcedure
  .meta({
    successStatus: 201,
    errors: ["INVALID_CREDENTIALS", "WORKSPACE_ACCESS_REVOKED"],
    openapi: {
      method: "POST",
      path: "/api/v1/auth/sessions",
      operationId: "createSession",
      tags: ["auth"],
      summary: "Sign in: e-mail and password for a session token",
      description:
        "Wrong credentials answer 401 INVALID_CREDENTIALS. The session selects `workspace_id` when given, else the " +
        "workspace the user owns. After 10 wrong passwords for one e-mail address in 15 minutes (from any client " +
        "address) the account answers 429 RATE_LIMITED with Retry-After, whatever the password.",
    },
  })
  .input(
    z.object({
      email: z.string().min(1).max(254).describe("The account's e-mail address (case does not matter)."),
      password: z.string().min(1).max(256).describe("The account's password."),
      workspace_id: z
        .uuid()
        .optional()
        .describe(
          "The workspace to work in, one the user belongs to (see accepted invitations); default the workspace the user owns.",
        ),
    }),
  )
  .output(sessionOutput)
  .mutation(async ({ ctx, input }) =>
    toSessionOutput(
      await signInLimited(ctx, input.email, () =>
        signIn(ctx.db, {
          email: input.email,
          password: input.password,
          workspaceId: input.workspace_id,
          userAgent: ctx.userAgent,
        }),
      ),
    ),
  );
