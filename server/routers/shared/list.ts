import { z } from "zod";
import type { PageRequest, PageResult } from "../../domain/pagination";

/** Query of the lists with both pagination modes (categories, goals, accounts, wallets, budgets). */
export const listInput = {
  page: z.coerce.number().int().min(1).max(1_000_000).optional().meta({ description: "One-based page (page mode)." }),
  limit: z.coerce.number().int().min(1).max(200).default(50).meta({ description: "Items per page, 1 to 200 (default 50)." }),
  cursor: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .meta({ description: "next_cursor of a previous response (cursor mode); not together with page." }),
};

export const listMeta = z.object({
  pagination: z.enum(["page", "cursor"]),
  page: z.number().int().optional(),
  limit: z.number().int(),
  total: z.number().int().optional(),
  next_cursor: z.string().nullable(),
});

export function listMetaOf(request: PageRequest, result: PageResult<unknown>): z.infer<typeof listMeta> {
  return request.mode === "page"
    ? { pagination: "page", page: request.page, limit: request.limit, total: result.total, next_cursor: result.nextCursor }
    : { pagination: "cursor", limit: request.limit, next_cursor: result.nextCursor };
}
