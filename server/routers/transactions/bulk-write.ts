import { z } from "zod";
import type { WriteResult, Writer } from "../../domain/transactions/bulk-write-checks";
import { SideEffects } from "../../domain/side-effects/side-effects";
import { workspaceProcedure, writeKey, writtenOperation } from "../../trpc/builders";
import type { Context } from "../../trpc/context";
import { callerContext } from "../shared/caller-context";
import { dryRun } from "../shared/dry-run";
import { idempotentWrite, sideEffectSchema } from "../shared/idempotent";
import { writeResult } from "./write-schemas";

/** The errors every bulk transaction write may answer besides its input's 400. */
export const BULK_WRITE_ERRORS = [
  "RESOURCE_NOT_FOUND",
  "DOMAIN_CONSTRAINT_VIOLATION",
  "IDEMPOTENCY_KEY_INVALID",
  "IDEMPOTENCY_KEY_REUSED",
  "IDEMPOTENCY_KEY_IN_PROGRESS",
  "TRANSACTION_RECONCILED",
] as const;

/** The builder of a bulk write: transactions:write, an Idempotency-Key unless it is a dry run. */
export const bulkWriteProcedure = () =>
  workspaceProcedure("transactions:write").use(({ meta, next }) =>
    next({ ctx: { operation: writtenOperation(meta) } }),
  );

export const bulkWriteOutput = z.object({
  data: z.array(writeResult).describe("One entry per row of the body, in its order."),
  side_effects: z
    .array(sideEffectSchema)
    .describe(
      "Each transaction created (create) or changed (upsert), then each account whose balance moved, with its balance.",
    ),
});

type WriteContext = Parameters<typeof writeKey>[0] &
  Pick<Context, "db" | "response"> & {
    caller: { user: { id: string }; workspace: Writer["workspace"] };
    operation: ReturnType<typeof writtenOperation>;
  };

/**
 * A bulk write answered: for real once per Idempotency-Key (the stored answer on a retry), or as
 * a dry run (200, the same checks and statuses, nothing kept).
 */
export async function answerBulkWrite<Input extends { dry_run: boolean }>(
  ctx: WriteContext,
  input: Input,
  write: (context: Writer) => Promise<WriteResult[]>,
) {
  if (input.dry_run) {
    ctx.response.status = 200;
    const sideEffects = new SideEffects();
    const data = await dryRun(ctx.db, (tx) => write({ ...callerContext(ctx, tx), sideEffects }));
    return { data, side_effects: sideEffects.list() };
  }
  return idempotentWrite({ ...ctx, idempotencyKey: writeKey(ctx) }, input, (tx, sideEffects) =>
    write({ ...callerContext(ctx, tx), sideEffects }),
  );
}
