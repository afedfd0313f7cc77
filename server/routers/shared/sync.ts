import { z } from "zod";
import { cursorRefusal } from "../../domain/pagination";
import { isDeltaCursor, readDelta } from "../../domain/sync/changes";
import { serverKnowledge, type SyncedResource } from "../../domain/sync/sync-token";
import type { WorkspaceContext } from "../../domain/workspace-context";
import { AppError } from "../../errors";
import { listMeta } from "./list";
import { pageMeta, timestamp } from "./schemas";

export { sinceInput } from "./since-input";

const serverKnowledgeField = z
  .string()
  .describe(
    "The token to send as `since` next time, to read only what changes after this answer (on a list read in pages, " +
      "keep the first page's). It stays the same while the list does not change.",
  );

/** `meta` of a list that answers `since`: its pagination and the token of what the answer includes. */
export const syncListMeta = listMeta.extend({ server_knowledge: serverKnowledgeField }).meta({
  id: "SyncListMeta",
  description:
    "The `meta` of a list a client can keep a copy of: how to read the next page, and the token for `since`.",
});

/** `meta` of a list paged by page only that answers `since` (categorisation rules, templates). */
export const syncPageMeta = pageMeta
  .extend({ server_knowledge: z.string().describe("The token to send as since next time (keep the first page's).") })
  .meta({ id: "SyncPageMeta", description: "The `meta` of a list read by page that answers since." });

export const deletedRows = z
  .array(
    z
      .object({
        id: z.uuid().describe("The deleted row's id."),
        deleted: z.literal(true),
        deleted_at: timestamp.describe("When it was deleted."),
      })
      .meta({ id: "DeletedRow", description: "A row deleted since the token (kept 90 days)." }),
  )
  .describe("Only with since: the rows deleted after the token, on the page where their deletion falls.")
  .optional();

/**
 * The answer of a list in delta mode (`since`, or a delta's next_cursor), or null for a plain read.
 * `filters` are the list's row filters as given: with since they are 400 (a delta has every row).
 * `load` turns ids into the list's items (any row of the workspace, archived ones too).
 */
export async function deltaAnswer<Item extends { id: string }>(
  context: WorkspaceContext,
  resource: SyncedResource,
  input: { since?: string; cursor?: string; limit?: number; page?: number },
  filters: Record<string, unknown>,
  load: (ids: string[]) => Promise<Item[]>,
) {
  if (input.since === undefined && !isDeltaCursor(input.cursor)) return null;
  const given = Object.entries({ ...filters, page: input.page }).filter(([, value]) => value !== undefined);
  if (given.length > 0) {
    const issues = given.map(([name]) => ({
      path: [name],
      code: "not_with_since",
      message: "a read with since answers every changed row; it takes no filter and no page",
    }));
    throw new AppError(
      "VALIDATION_FAILED",
      `Validation failed: ${given.map(([name]) => name).join(", ")}: not together with since`,
      {},
      issues,
    );
  }
  const limit = input.limit ?? 50;
  const delta = await readDelta(context, resource, { since: input.since, cursor: input.cursor, limit });
  const items = await load(delta.changed);
  const byId = new Map(items.map((item) => [item.id, item]));
  return {
    // A row deleted between the two reads is left out: its deletion is in the next delta.
    data: delta.changed.flatMap((id) => byId.get(id) ?? []),
    deleted: delta.deleted.map((row) => ({
      id: row.id,
      deleted: true as const,
      deleted_at: row.deletedAt.toISOString(),
    })),
    meta: {
      pagination: "cursor" as const,
      limit,
      next_cursor: delta.nextCursor,
      server_knowledge: delta.knowledge,
    },
  };
}

/** The token of a plain read, taken before its rows are read. */
export function knowledgeBeforeRead(context: WorkspaceContext, resource: SyncedResource): Promise<string> {
  return serverKnowledge(context.db, context.workspace.id, resource);
}

/** The cursor of a list paged by page only: it takes the next_cursor of a read with since, nothing else. */
export const deltaCursorInput = {
  cursor: z
    .string()
    .min(1)
    .max(500)
    .describe("Only the next_cursor of a read with since (this list is otherwise paged by page).")
    .optional(),
};

/** deltaAnswer for a list paged by page only (its page defaults to 1, and a cursor belongs to a delta). */
export async function pageModeDeltaAnswer<Item extends { id: string }>(
  context: WorkspaceContext,
  resource: SyncedResource,
  input: { since?: string; cursor?: string; limit: number; page: number },
  filters: Record<string, unknown>,
  load: (ids: string[]) => Promise<Item[]>,
) {
  const page = input.page === 1 ? undefined : input.page;
  const delta = await deltaAnswer(context, resource, { ...input, page }, filters, load);
  if (!delta && input.cursor !== undefined) {
    throw cursorRefusal("this list is paged by page; a cursor only continues a read with since");
  }
  return delta;
}
