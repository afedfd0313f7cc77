import { z } from "zod";
import { SIDE_EFFECT_ACTIONS, SIDE_EFFECT_DOMAINS } from "../../domain/side-effects/side-effects";
import type { Db } from "../../db";
import {
  earlierAnswer,
  fingerprintOf,
  KEY_MAX_LENGTH,
  KEY_MIN_LENGTH,
  KEY_PATTERN,
  runIdempotent,
  type IdempotentOutcome,
} from "../../domain/idempotency/idempotency";
import { SideEffects, type SideEffect } from "../../domain/side-effects/side-effects";
import type { WrittenOperation } from "../../trpc/builders";
import type { Context } from "../../trpc/context";

/** The Idempotency-Key header, for the OpenAPI document of every write. */
export const idempotencyHeaders = z.object({
  "Idempotency-Key": z
    .string()
    .min(KEY_MIN_LENGTH)
    .max(KEY_MAX_LENGTH)
    .regex(KEY_PATTERN)
    .meta({
      description:
        `${KEY_MIN_LENGTH} to ${KEY_MAX_LENGTH} printable ASCII characters without spaces (a UUID will do); ` +
        "reuse it only to retry the identical request (kept 24 hours).",
      example: "3f6c2a7e-5b1d-4e8a-9c0f-2d7b6e4a1c93",
    }),
});

export const sideEffectSchema = z
  .object({
    domain: z.enum(SIDE_EFFECT_DOMAINS).describe("The kind of record."),
    id: z.uuid().describe("The record's id."),
    action: z.enum(SIDE_EFFECT_ACTIONS).describe("What happened to it: create, upsert (changed) or delete."),
    data: z
      .record(z.string(), z.unknown())
      .describe(
        "The record's changed attributes (for a wallet: total_balance, per_currency, version); amounts are decimal strings.",
      ),
  })
  .meta({ id: "SideEffect", description: "A record the write created or changed; one entry per record." });

/** What a write needs of the request: who calls (a PAT, or a session for the dashboard's upload) and the key. */
type WriteContext = Pick<Context, "db" | "response"> & {
  caller: { user: { id: string }; workspace: { id: string } };
  idempotencyKey: string;
  /** The operation written (idempotentWorkspaceProcedure sets it from the meta). */
  operation: WrittenOperation;
};
type WriteAnswer<Data> = { data: Data; side_effects: SideEffect[] };

const keySpaceOf = (ctx: WriteContext, endpoint: string) => ({
  userId: ctx.caller.user.id,
  workspaceId: ctx.caller.workspace.id,
  endpoint,
});

/** The outcome's status and replay header on the response; its body. */
function answer<Data>(ctx: WriteContext, outcome: IdempotentOutcome): WriteAnswer<Data> {
  ctx.response.status = outcome.status;
  if (outcome.replayed) ctx.response.headers.set("Idempotent-Replayed", "true");
  return outcome.body as WriteAnswer<Data>;
}

/**
 * The stored answer when this Idempotency-Key already completed this request (null otherwise), for
 * a write with costly work before idempotentWrite (an upload's reading of its file): a retry is
 * answered from its record without that work.
 */
export async function earlierWrite<Data>(ctx: WriteContext, request: unknown): Promise<WriteAnswer<Data> | null> {
  const { endpoint } = ctx.operation;
  const outcome = await earlierAnswer(
    ctx.db,
    keySpaceOf(ctx, endpoint),
    ctx.idempotencyKey,
    fingerprintOf({ endpoint, request }),
  );
  return outcome ? answer<Data>(ctx, outcome) : null;
}

/**
 * Runs a write once per Idempotency-Key: the domain function gets the transaction and the side
 * effects collector; a retry with the same request gets the stored response with
 * `Idempotent-Replayed: true`.
 */
export async function idempotentWrite<Data>(
  ctx: WriteContext,
  request: unknown,
  write: (tx: Db, sideEffects: SideEffects) => Promise<Data>,
): Promise<WriteAnswer<Data>> {
  const { endpoint, status } = ctx.operation;
  const outcome = await runIdempotent(
    ctx.db,
    keySpaceOf(ctx, endpoint),
    ctx.idempotencyKey,
    fingerprintOf({ endpoint, request }),
    async (tx) => {
      const sideEffects = new SideEffects();
      const data = await write(tx, sideEffects);
      return { status, body: { data, side_effects: sideEffects.list() } };
    },
  );
  return answer<Data>(ctx, outcome);
}
