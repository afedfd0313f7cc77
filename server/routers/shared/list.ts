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
      description:
        "One-based page (page mode; the default, page 1, when neither page nor cursor is given). A page past the end is empty. Not together with cursor (400 PROGRAMMATIC_PAGINATION_MODE_CONFLICT).",
    })
    .optional(),
  limit: pageLimit,
  cursor: z
    .string()
    .min(1)
    .max(500)
    .meta({
      description:
        "Cursor mode: the opaque next_cursor of a previous answer, to read the items after it. Send it as it came; a cursor this API " +
        "did not return is 400 VALIDATION_FAILED. Not together with page (400 PROGRAMMATIC_PAGINATION_MODE_CONFLICT).",
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
