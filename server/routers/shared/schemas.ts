import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../domain/identity/password-rules";

/** Building blocks of the public output and input schemas (snake_case, timestamps as ISO strings). */

export const timestamp = z.iso
  .datetime({ offset: false })
  .meta({ description: "An instant, ISO 8601 in UTC with milliseconds.", example: "2026-11-21T09:30:00.000Z" });

export { iso } from "../../domain/time/timestamps";

const recordId = z.uuid().describe("The record's id.");

/** `{type, id, attributes}`: the spec's single resource shape; `id` is the record's uuid unless another schema is given. */
export function resource<Type extends string, Attributes extends z.ZodType, Id extends z.ZodType = typeof recordId>(
  type: Type,
  attributes: Attributes,
  id?: Id,
) {
  return z.object({ type: z.literal(type).describe(`Always "${type}".`), id: (id ?? recordId) as Id, attributes });
}

/** Items per page: the same bound and default in both pagination modes. */
export const pageLimit = z.coerce
  .number()
  .int()
  .min(1)
  .max(200)
  .default(50)
  .meta({ description: "Items per page, 1 to 200 (default 50)." });

export const pageInput = {
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(1)
    .meta({ description: "One-based page number (default 1); a page past the end is empty." }),
  limit: pageLimit,
};

/**
 * The query of a list paged with page and limit only (CONTRACT "Pagination"): a cursor, like any
 * parameter the list does not take, is refused by name on REST and MCP rather than ignored.
 */
export function pageModeQuery<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ ...pageInput, ...shape });
}

export const pageMeta = z
  .object({
    pagination: z.literal("page").describe("Always page: this list is paged with page and limit only."),
    page: z.number().int().describe("The one-based page answered."),
    limit: z.number().int().describe("Items per page asked for."),
    total: z.number().int().describe("Items in the whole list (with the filters); pages = ceil(total / limit)."),
    next_cursor: z.null().describe("Always null: this list has no cursor mode."),
  })
  .meta({ id: "PageMeta", description: "The `meta` of a list paged with page and limit only." });

export function pageMetaOf(page: number, limit: number, total: number): z.infer<typeof pageMeta> {
  return { pagination: "page", page, limit, total, next_cursor: null };
}

export const email = z
  .email()
  .max(254)
  .transform((value) => value.trim().toLowerCase());

export const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH)
  .describe(`The new password, ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`);

/** Answer of the calls that revoke access (password and e-mail changes, password reset). */
export const accountChangesOutput = z.object({
  data: resource(
    "account_changes",
    z
      .object({
        revoked_credentials: z
          .number()
          .int()
          .describe(
            "Credentials (both audiences) revoked by this change: every one not yet revoked, expired ones included.",
          ),
        revoked_sessions: z
          .number()
          .int()
          .describe("Sessions of the account that were open and are now ended: all of them but the calling session."),
      })
      .describe("What the change revoked."),
    z.string().describe("The request's id (X-Request-Id), naming this change."),
  )
    .meta({ id: "AccountChanges", description: "What a password or e-mail change, or a password reset, revoked." })
    .describe("What the change revoked."),
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

/** A boolean query parameter: true/false in any letter case (also 1/0); anything else is a validation error. */
export const queryBoolean = z
  // Python's requests writes True and False; any letter case reads the same.
  .enum(["true", "false", "1", "0", "True", "False", "TRUE", "FALSE"])
  .transform((value) => value.toLowerCase() === "true" || value === "1")
  .meta({
    description: "true or false (1 and 0 are read the same way).",
    // Documented as the boolean it is: what a generated client sends for a boolean (true/false) is read as one.
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      delete jsonSchema.enum;
      jsonSchema.type = "boolean";
    },
  });
