import { z } from "zod";
import { BIC_PATTERN, ibanProblem, setBankDetails } from "../../domain/accounts/bank-details";
import { getAccount } from "../../domain/accounts/list-accounts";
import { idempotentWorkspaceProcedure } from "../../trpc/builders";
import { idempotencyHeaders, idempotentWrite } from "../shared/idempotent";
import { accountResource } from "./schemas";

const iban = z
  .string()
  .trim()
  .max(42)
  .superRefine((value, context) => {
    const problem = ibanProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  })
  .nullable()
  .describe("The account's IBAN (spaces allowed; stored without them, upper case); null clears it.");

export const updateAccountProcedure = idempotentWorkspaceProcedure("accounts:write")
  .meta({
    errors: ["RESOURCE_NOT_FOUND"],
    openapi: {
      method: "PATCH",
      path: "/api/v1/programmatic/accounts/{id}",
      operationId: "updateAccount",
      tags: ["accounts"],
      summary: "Set an account's IBAN, account number or BIC",
      description:
        "Needs an Idempotency-Key. Only the fields given change (null clears one). An import compares a statement's account " +
        "with these: a statement of an account the service did not know is refused until the account's IBAN or number is " +
        "set here (or the upload says parse_options.accept_other_account). An IBAN with wrong check digits is 400 naming it.",
      requestHeaders: idempotencyHeaders,
    },
  })
  .input(
    z
      .strictObject({
        id: z.uuid().describe("The account's id."),
        iban: iban.optional(),
        account_number: z
          .string()
          .trim()
          .regex(
            /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,33}$/,
            "must be 1 to 34 letters, digits, spaces, dots, slashes or dashes",
          )
          .nullable()
          .optional()
          .describe("The bank's account number as printed on statements; null clears it."),
        bic: z
          .string()
          .trim()
          .toUpperCase()
          .regex(BIC_PATTERN, "must be a BIC of 8 or 11 letters and digits")
          .nullable()
          .optional()
          .describe("The bank's BIC (SWIFT code); null clears it."),
      })
      .refine((input) => input.iban !== undefined || input.account_number !== undefined || input.bic !== undefined, {
        message: "give at least one of iban, account_number, bic",
      }),
  )
  .output(z.object({ data: accountResource.describe("The account as it is now.") }))
  .mutation(async ({ ctx, input: { id, ...details } }) => {
    const { workspace } = ctx.caller;
    await idempotentWrite(ctx, { id, ...details }, async (tx) => {
      await setBankDetails({ db: tx, workspace }, id, details);
      return { id };
    });
    return { data: { type: "accounts" as const, ...(await getAccount({ db: ctx.db, workspace }, id)) } };
  });
