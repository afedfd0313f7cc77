import { z } from "zod";
import type { PageRequest, PageResult } from "../../domain/pagination";
import { pageLimit } from "./schemas";

/** Query of the lists with both pagination modes (categories, goals, accounts, wallets, budgets). */
export const listInput = {
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .meta({
      description: "Page mode: the one-based page (default 1); a page past the end is empty. Not with cursor.",
    })
    .optional(),
  limit: pageLimit,
  cursor: z
    .string()
    .min(1)
    .max(500)
    .meta({
      description:
        "Cursor mode: a previous answer's meta.next_cursor, as it came, for the items after it. Not with page.",
    })
    .optional(),
};

export const listMeta = z
  .object({
    pagination: z
      .enum(["page", "cursor"])
      .describe("The mode this page was read in: page (page and limit) or cursor (cursor and limit)."),
    page: z.number().int().optional().describe("Page mode only: the one-based page answered."),
    limit: z.number().int().describe("Items per page asked for."),
    total: z.number().int().optional().describe("Page mode only: items in the whole list (with the filters)."),
    next_cursor: z
      .string()
      .nullable()
      .describe(
        "Opaque cursor of the next page, in both modes (a page-mode client may go on by cursor); null on the last page.",
      ),
  })
  .meta({
    id: "PaginationMeta",
    description: "The `meta` of a list paged by page or by cursor (each list says its order).",
  });

export function listMetaOf(request: PageRequest, result: PageResult<unknown>): z.infer<typeof listMeta> {
  return request.mode === "page"
    ? {
        pagination: "page",
        page: request.page,
        limit: request.limit,
        total: result.total,
        next_cursor: result.nextCursor,
      }
    : { pagination: "cursor", limit: request.limit, next_cursor: result.nextCursor };
}

/** The `meta` of a list read by a keyset cursor or by page (imports, webhook deliveries): the mode the request chose. */
export function keysetListMeta(
  request: { cursor?: string; page: number; limit: number },
  result: { total: number | null; nextCursor: string | null },
): z.infer<typeof listMeta> {
  return request.cursor === undefined
    ? {
        pagination: "page",
        page: request.page,
        limit: request.limit,
        total: result.total ?? 0,
        next_cursor: result.nextCursor,
      }
    : { pagination: "cursor", limit: request.limit, next_cursor: result.nextCursor };
}
