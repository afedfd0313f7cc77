import { z } from "zod";
import { createTemplate } from "../../domain/templates/create-template";
import { createTemplateInput, templateSchema } from "./schemas";
import { idempotentWorkspaceProcedure } from "../../trpc/builders";
import { idempotencyHeaders, idempotentWrite, sideEffectSchema } from "../shared/idempotent";
import { callerContext } from "../shared/caller-context";

export const createTemplateProcedure = idempotentWorkspaceProcedure("transaction_templates:create")
  .meta({
    successStatus: 201,
    errors: ["DOMAIN_CONSTRAINT_VIOLATION"],
    openapi: {
      method: "POST",
      path: "/api/v1/programmatic/transaction-templates",
      operationId: "createTransactionTemplate",
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
  .output(
    z.object({
      data: templateSchema.describe("The template created."),
      side_effects: z
        .array(sideEffectSchema)
        .describe("The transaction_templates create entry (data: name, direction, usage_count)."),
    }),
  )
  .mutation(({ ctx, input }) =>
    idempotentWrite(ctx, input, (tx, sideEffects) => createTemplate({ ...callerContext(ctx, tx), sideEffects }, input)),
  );
