import { z } from "zod";
import { reconcileAccount } from "../../domain/accounts/reconciliations";
import { workspaceProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";
import { day, money } from "../shared/fields";
import { dayInput, signedAmount } from "../shared/input-fields";
import { timestamp } from "../shared/schemas";

const reconciliation = z
  .object({
    id: z.uuid().nullable().describe("The recorded reconciliation's id; null when not finished (nothing recorded)."),
    account_id: z.uuid().describe("The account reconciled."),
    as_of: day.describe("The statement's day."),
    statement_balance: money.describe("The statement's balance on as_of, as given."),
    cleared_balance: money.describe(
      "The account's opening balance plus its cleared transactions from the opening balance date up to as_of.",
    ),
    difference: money.describe(
      "statement_balance minus cleared_balance: 0.00 when they agree; otherwise what is still to mark cleared or correct.",
    ),
    uncleared_count: z
      .number()
      .int()
      .describe("How many of the account's transactions up to as_of are not marked cleared."),
    uncleared_amount: money.describe("Their signed sum (marking them all cleared would add it to cleared_balance)."),
    reconciled: z.boolean().describe("True when finished: the cleared transactions up to as_of are locked."),
    locked_count: z.number().int().describe("How many transactions the finished reconciliation locked; 0 otherwise."),
    created_at: timestamp.nullable().describe("When it was finished; null when not finished."),
  })
  .meta({ id: "Reconciliation", description: "An account's cleared balance against a statement balance." });

export const reconcileAccountProcedure = workspaceProcedure("transactions:write")
  .meta({
    tool: "reconcile_account",
    errors: ["RESOURCE_NOT_FOUND", "DOMAIN_CONSTRAINT_VIOLATION"],
    openapi: {
      method: "POST",
      path: "/api/v1/programmatic/accounts/{id}/reconciliations",
      operationId: "reconcileAccount",
      tags: ["accounts"],
      summary: "Reconcile an account to a statement balance (extension)",
      description:
        "The difference between a statement balance and the account's cleared balance on as_of; changes nothing unless " +
        "finish: true, which at a difference of 0 locks the cleared transactions (else 422 naming it).",
    },
  })
  .input(
    z.strictObject({
      id: z.uuid().describe("The account's id."),
      statement_balance: signedAmount.describe("The statement's balance on as_of, signed, in the account's currency."),
      as_of: dayInput.describe("The statement's day."),
      finish: z
        .boolean()
        .default(false)
        .describe("true: at a difference of 0, lock and record it (default: only compare)."),
    }),
  )
  .output(z.object({ data: reconciliation }))
  .mutation(async ({ ctx, input }) => ({
    data: await ctx.db.transaction((tx) => reconcileAccount(callerContext(ctx, tx), input)),
  }));
