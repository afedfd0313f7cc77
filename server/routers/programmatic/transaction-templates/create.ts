import { z } from "zod";
import { createTemplate as createWorkspaceTemplate } from "../../../domain/templates/create-template";
import { createTemplateInput } from "../../../schemas/templates";
import { idempotentPatProcedure } from "../../../trpc";
import { idempotencyHeaders, idempotentWrite, sideEffectSchema } from "../../shared/idempotent";
import { timestamp } from "../../shared/schemas";

const walletRef = z
  .object({
    id: z.uuid(),
    name: z.string(),
    type: z.string(),
    icon: z.string().nullable(),
    accent_color: z.string().nullable(),
    currency_codes: z.array(z.string()),
  })
  .nullable();

const templateSchema = z.object({
  id: z.uuid(),
  source: z.string(),
  name: z.string(),
  direction: z.enum(["expense", "income", "transfer"]),
  fields: z.object({
    sourceWallet: walletRef,
    targetWallet: walletRef,
    category: z.object({ id: z.uuid(), name: z.string(), icon_name: z.string().nullable(), accent_color: z.string().nullable() }).nullable(),
    amountMinor: z.string().nullable(),
    currencyCode: z.string().nullable(),
    description: z.string().nullable(),
    notes: z.string().nullable(),
    note: z.string().nullable(),
    tags: z.array(z.string()),
    recurrencePreset: z.string().nullable(),
  }),
  usageCount: z.number().int(),
  lastUsedAt: timestamp.nullable(),
  createdAt: timestamp,
});

const ENDPOINT = "POST /api/v1/programmatic/transaction-templates";

export const createTemplate = idempotentPatProcedure("transaction_templates:create")
  .meta({
    successStatus: 201,
    openapi: {
      method: "POST",
      path: "/api/v1/programmatic/transaction-templates",
      tags: ["transaction-templates"],
      summary: "Create a transaction template (endpoint 2)",
      description:
        "Needs an Idempotency-Key. Wallet roles follow the direction: expense -> source_wallet_id, income -> " +
        "target_wallet_id, transfer -> both (different). 422 for an archived or foreign wallet or category, a currency " +
        "the wallet does not hold, or a non-positive amount.",
      requestHeaders: idempotencyHeaders,
    },
  })
  .input(createTemplateInput)
  .output(z.object({ data: templateSchema, side_effects: z.array(sideEffectSchema) }))
  .mutation(({ ctx, input }) =>
    idempotentWrite(ctx, { endpoint: ENDPOINT, request: input, status: 201 }, (tx, sideEffects) =>
      createWorkspaceTemplate({ db: tx, workspace: ctx.caller.workspace, userId: ctx.caller.user.id, sideEffects }, input),
    ),
  );
