import { z } from "zod";

/** Building blocks of the public output and input schemas (snake_case, timestamps as ISO strings). */

export const timestamp = z.iso.datetime({ offset: false }).meta({ example: "2026-11-21T09:30:00.000Z" });

export { iso } from "../../domain/time/timestamps";

/** `{type, id, attributes}`: the spec's single resource shape. */
export function resource<Type extends string, Attributes extends z.ZodType>(type: Type, attributes: Attributes) {
  return z.object({ type: z.literal(type), id: z.string(), attributes });
}

export const pageInput = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1).meta({ description: "One-based page number." }),
  limit: z.coerce.number().int().min(1).max(200).default(50).meta({ description: "Items per page (at most 200)." }),
};

/** The query of a list paged with page and limit only (CONTRACT "Pagination"): a cursor is refused, not ignored without a word. */
export function pageModeQuery<Shape extends z.ZodRawShape>(shape: Shape, items: string) {
  return z
    .looseObject({ ...pageInput, ...shape })
    .refine((query) => !("cursor" in query), { path: ["cursor"], message: `${items} are paged with page and limit only` });
}

export const pageMeta = z.object({
  pagination: z.literal("page"),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  next_cursor: z.null(),
});

export function pageMetaOf(page: number, limit: number, total: number): z.infer<typeof pageMeta> {
  return { pagination: "page", page, limit, total, next_cursor: null };
}

export const email = z
  .email()
  .max(254)
  .transform((value) => value.trim().toLowerCase());

export const newPassword = z.string().min(10, "must be at least 10 characters").max(256);

/** Answer of the calls that revoke access (password and e-mail changes, password reset). */
export const accountChangesOutput = z.object({
  data: resource(
    "account_changes",
    z.object({ revoked_credentials: z.number().int(), revoked_sessions: z.number().int() }),
  ),
});

export function accountChanges(id: string, counts: { revokedCredentials: number; revokedSessions: number }) {
  return {
    data: {
      type: "account_changes" as const,
      id,
      attributes: { revoked_credentials: counts.revokedCredentials, revoked_sessions: counts.revokedSessions },
    },
  };
}

/** A boolean query parameter: true/false (also 1/0); anything else is a validation error. */
export const queryBoolean = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1")
  .meta({ description: "true or false" });
