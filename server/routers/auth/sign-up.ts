import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../domain/identity/password-rules";
import { signUp } from "../../domain/identity/sign-up";
import { limitPerAddressAndEmail } from "../../rate-limit";
import { oneLineName } from "../shared/user-text";
import { publicProcedure } from "../../trpc/builders";
import { email, newPassword } from "../shared/schemas";
import { sessionOutput, toSessionOutput } from "./schemas";

export const signUpProcedure = publicProcedure
  .meta({
    successStatus: 201,
    errors: ["DOMAIN_CONSTRAINT_VIOLATION"],
    openapi: {
      method: "POST",
      path: "/api/v1/auth/sign-up",
      operationId: "signUp",
      tags: ["auth"],
      summary: "Create an account, its workspace and a session",
      description:
        "Creates the user, a workspace (timezone default UTC, home currency default EUR, plan free), the owner " +
        "membership and the system categories, and returns a session token (valid 30 days). At most 20 sign-ups " +
        "per client address and per e-mail address an hour (429 RATE_LIMITED with Retry-After).",
    },
  })
  .input(
    z.object({
      email: email.describe(
        "The new account's e-mail address; stored trimmed and lower-cased; one already in use is 422.",
      ),
      password: newPassword.describe(`The password, ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`),
      name: oneLineName().optional().describe("Display name, 1 to 100 characters on one line."),
      workspace_name: oneLineName().optional().describe("Name of the new workspace, 1 to 100 characters on one line."),
      timezone: z
        .string()
        .min(1)
        .max(64)
        .optional()
        .meta({ description: "IANA time zone of the workspace, e.g. Europe/Berlin (default UTC)." }),
      home_currency: z
        .string()
        .regex(/^[A-Za-z]{3}$/, "must be a 3-letter ISO 4217 code")
        .optional()
        .describe(
          "ISO 4217 code of the workspace's home currency, in which totals and reports are given (default EUR).",
        ),
    }),
  )
  .output(sessionOutput)
  .mutation(async ({ ctx, input }) => {
    await limitPerAddressAndEmail(ctx, "sign-up", input.email);
    return toSessionOutput(
      await signUp(ctx.db, {
        email: input.email,
        password: input.password,
        name: input.name,
        workspaceName: input.workspace_name,
        timezone: input.timezone,
        homeCurrency: input.home_currency,
        userAgent: ctx.userAgent,
      }),
    );
  });
