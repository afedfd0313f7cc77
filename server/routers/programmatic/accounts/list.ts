import { z } from "zod";
import { listAccounts as listWorkspaceAccounts } from "../../../domain/accounts/list-accounts";
import { pageRequest } from "../../../domain/pagination";
import { workspaceProcedure } from "../../../trpc";
import { day, money } from "../../shared/fields";
import { listInput, listMeta, listMetaOf } from "../../shared/list";
import { resource } from "../../shared/schemas";

const accountAttributes = z.object({
  name: z.string(),
  type: z.enum(["asset", "liability"]),
  account_role: z.string(),
  currency_id: z.uuid(),
  currency_code: z.string(),
  currency_symbol: z.string(),
  currency_decimal_places: z.number().int(),
  current_balance: money,
  native_current_balance: money.nullable().meta({ description: "In the home currency at today's rate; null without a rate." }),
  active: z.boolean(),
  notes: z.string().nullable(),
  liability_type: z.string().nullable(),
  iban: z.string().nullable(),
  account_number: z.string().nullable(),
  bic: z.string().nullable(),
  opening_balance: money,
  opening_balance_date: day.nullable(),
  virtual_balance: money,
  include_net_worth: z.boolean(),
  credit_card_type: z.string().nullable(),
  first_payment_date: day.nullable(),
  payment_day_of_month: z.number().int().nullable(),
  interest: money.nullable(),
  interest_period: z.string().nullable(),
  scheduled_payment_amount: money.nullable(),
  liability_direction: z.string().nullable(),
  expected_settle_date: day.nullable(),
  order: z.number().int(),
  icon: z.string().nullable(),
  icon_color: z.string().nullable(),
  group_id: z.uuid().nullable(),
  group_name: z.string().nullable(),
  wallet_id: z.uuid(),
});

export const listAccounts = workspaceProcedure("transactions:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/accounts",
      operationId: "listAccounts",
      tags: ["accounts"],
      summary: "List transaction accounts (endpoint 13)",
      description: "Active asset accounts (one per currency of each wallet) with balances as of today in the workspace timezone.",
    },
  })
  .input(z.object(listInput))
  .output(z.object({ data: z.array(resource("accounts", accountAttributes)), meta: listMeta }))
  .query(async ({ ctx, input }) => {
    const request = pageRequest(input);
    const page = await listWorkspaceAccounts({ db: ctx.db, workspace: ctx.caller.workspace }, request);
    return {
      data: page.items.map((item) => ({ type: "accounts" as const, id: item.id, attributes: item.attributes })),
      meta: listMetaOf(request, page),
    };
  });
