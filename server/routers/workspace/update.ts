import { z } from "zod";
import { updateWorkspaceSettings } from "../../domain/identity/workspace-settings";
import { sessionProcedure } from "../../trpc/builders";
import { oneLineName } from "../shared/user-text";
import { workspaceSettingsResource } from "./schemas";

/** The owner changes the workspace's name, time zone or home currency. */
export const updateWorkspaceProcedure = sessionProcedure
  .meta({
    errors: ["INSUFFICIENT_SCOPE"],
    openapi: {
      method: "PATCH",
      path: "/api/v1/workspace",
      operationId: "updateWorkspace",
      tags: ["members"],
      summary: "Change the workspace's name, time zone or home currency (owner only)",
      description:
        "With a session token. Fields left out stay. home_currency is an ISO 4217 code of a currency accounts can be " +
        "opened in (400 naming it otherwise); totals, reports and net worth are given in it from the next read on " +
        "(amounts are stored in their own currencies: nothing is converted in place; budgets and goals keep theirs). " +
        "timezone must be an IANA time zone. 403 INSUFFICIENT_SCOPE for a member who is not the owner.",
    },
  })
  .input(
    z.object({
      name: oneLineName().optional().describe("The workspace's name, 1 to 100 characters on one line."),
      timezone: z.string().min(1).max(64).optional().describe("IANA time zone, e.g. Europe/Berlin."),
      home_currency: z
        .string()
        .regex(/^[A-Za-z]{3}$/, "must be a 3-letter ISO 4217 code")
        .optional()
        .describe("ISO 4217 code of the new home currency, e.g. USD."),
    }),
  )
  .output(z.object({ data: workspaceSettingsResource.describe("The workspace after the change.") }))
  .mutation(async ({ ctx, input }) => ({ data: await updateWorkspaceSettings(ctx.db, ctx.caller, input) }));
