import { z } from "zod";
import type { PrismaOrTransaction } from "../../db";
import { fingerprintOf, runIdempotent } from "../../domain/idempotency/idempotency";
import { SideEffects, type SideEffect } from "../../domain/side-effects/side-effects";
import type { Context } from "../../trpc";

/** The Idempotency-Key header, for the OpenAPI document of every write. */
export const idempotencyHeaders = z.object({
  "Idempotency-Key": z
    .string()
    .min(16)
    .max(128)
    .meta({ description: "16 to 128 characters; reuse it only to retry the identical request (kept 24 hours)." }),
});

export const sideEffectSchema = z.object({
  domain: z.string(),
  id: z.string(),
  action: z.string(),
  data: z.record(z.string(), z.unknown()),
});

/** What a write needs of the request: who calls (a PAT, or a session for the dashboard's upload) and the key. */
type WriteContext = Pick<Context, "db" | "response"> & {
  caller: { user: { id: string }; workspace: { id: string } };
  idempotencyKey: string;
};

/**
 * Runs a write once per Idempotency-Key: the domain function gets the transaction and the side
 * effects collector; a retry with the same request gets the stored response with
 * `Idempotent-Replayed: true`.
 */
export async function idempotentWrite<Data>(
  ctx: WriteContext,
  { endpoint, request, status }: { endpoint: string; request: unknown; status: number },
  write: (tx: PrismaOrTransaction, sideEffects: SideEffects) => Promise<Data>,
): Promise<{ data: Data; side_effects: SideEffect[] }> {
  const outcome = await runIdempotent(
    ctx.db.prisma,
    { userId: ctx.caller.user.id, workspaceId: ctx.caller.workspace.id, endpoint },
    ctx.idempotencyKey,
    fingerprintOf({ endpoint, request }),
    async (tx) => {
      const sideEffects = new SideEffects();
      const data = await write(tx, sideEffects);
      return { status, body: { data, side_effects: sideEffects.list() } };
    },
  );
  ctx.response.status = outcome.status;
  if (outcome.replayed) ctx.response.headers.set("Idempotent-Replayed", "true");
  return outcome.body as { data: Data; side_effects: SideEffect[] };
}
