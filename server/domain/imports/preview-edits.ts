import { AppError, validationError } from "../../errors";
import type { WorkspaceContext } from "../workspace-context";
import { pendingJob } from "./reparse-import";
import { PREVIEW_FIELDS, previewField } from "./stored-preview";

/** A person's change of one preview row: its category, and/or whether it is a duplicate. */
export interface PreviewRowEdit {
  row: number;
  /** The category to book it with (null: none); absent: unchanged. */
  category_id?: string | null;
  /** false: book it although it looked like a duplicate; true: leave it out as one; absent: unchanged. */
  duplicate?: boolean;
}

const path = (name: (typeof PREVIEW_FIELDS)[number]) => `'{${previewField(name)}}'`;

async function checkCategories({ db, workspace }: WorkspaceContext, edits: PreviewRowEdit[]) {
  const categoryIds = [...new Set(edits.flatMap((edit) => (edit.category_id ? [edit.category_id] : [])))];
  const categories = await db.prisma.category.findMany({
    where: { workspaceId: workspace.id, id: { in: categoryIds } },
    select: { id: true, name: true, archivedAt: true },
  });
  if (categories.length !== categoryIds.length)
    throw new AppError("RESOURCE_NOT_FOUND", "rows: a category_id names no category of your workspace.");
  const archived = categories.find((category) => category.archivedAt !== null);
  if (archived)
    throw new AppError(
      "DOMAIN_CONSTRAINT_VIOLATION",
      `rows: the category “${archived.name}” is archived; restore it or choose another.`,
    );
}

/**
 * The person's own choices on the preview of an import not yet confirmed, which confirm books: a
 * row's category (then category_source, confidence and reason are null), and the duplicate verdict
 * either way (a duplicate made new is booked, `pre_opening` when dated before the account's opening
 * date; a new row made a duplicate is left out with skip_duplicates, reason marked_by_you). Invalid
 * rows stay invalid. All or nothing: a row the preview does not have is 400 naming it, a category
 * not of the workspace 404, an archived one 422. Each row is named once (the input's schema refuses
 * a repeat); were one repeated, its last edit would win.
 */
export async function editPreviewRows(
  { db, workspace }: WorkspaceContext,
  jobId: string,
  edits: PreviewRowEdit[],
): Promise<{ changed: number }> {
  await pendingJob({ db, workspace }, jobId, "changed");
  // The job's row, locked: a confirm or a re-read waits for this change, or this one for them.
  await db.prisma.$queryRaw`SELECT id FROM import_jobs WHERE id = ${jobId}::uuid FOR UPDATE`;
  await pendingJob({ db, workspace }, jobId, "changed");
  await checkCategories({ db, workspace }, edits);
  const byRow = new Map(edits.map((edit) => [edit.row, edit]));
  const rows = [...byRow.keys()];
  const found = await db.prisma.$queryRaw<Array<{ row: number }>>`
    SELECT DISTINCT (e.value->>0)::int AS row
      FROM import_jobs j, jsonb_array_elements(j.preview) e
     WHERE j.id = ${jobId}::uuid AND jsonb_typeof(e.value) = 'array' AND (e.value->>0)::int = ANY(${rows}::int[])`;
  if (found.length !== rows.length) {
    const present = new Set(found.map((each) => each.row));
    const missing = edits.flatMap((edit, index) =>
      present.has(edit.row)
        ? []
        : [{ path: ["rows", index, "row"], message: `${edit.row} is not a row of this import's preview` }],
    );
    throw validationError(missing);
  }
  const list = [...byRow.values()];
  const width = PREVIEW_FIELDS.length;
  await db.prisma.$executeRawUnsafe(
    `UPDATE import_jobs j SET updated_at = now(), preview = (
       SELECT jsonb_agg(CASE WHEN c.row IS NULL THEN e.value ELSE edited.value END ORDER BY e.ordinality)
         FROM jsonb_array_elements(j.preview) WITH ORDINALITY e
         LEFT JOIN unnest($2::int[], $3::boolean[], $4::text[], $5::boolean[], $6::boolean[])
                AS c(row, set_category, category_id, set_duplicate, duplicate)
                ON jsonb_typeof(e.value) = 'array' AND (e.value->>0)::int = c.row
         -- Rows stored before the last fields existed get them (null) first, so every field has its place.
         CROSS JOIN LATERAL (SELECT CASE WHEN jsonb_typeof(e.value) = 'array' AND jsonb_array_length(e.value) < ${width}
                                         THEN e.value || (SELECT jsonb_agg(null::int) FROM generate_series(jsonb_array_length(e.value), ${width - 1}))
                                         ELSE e.value END AS value) padded
         CROSS JOIN LATERAL (SELECT CASE WHEN c.set_category
                                         THEN jsonb_set(jsonb_set(jsonb_set(jsonb_set(padded.value,
                                                ${path("category_id")}, coalesce(to_jsonb(c.category_id), 'null')),
                                                ${path("category_source")}, 'null'), ${path("category_confidence")}, 'null'),
                                                ${path("category_reason")}, 'null')
                                         ELSE padded.value END AS value) categorised
         CROSS JOIN LATERAL (SELECT CASE
                    WHEN c.set_duplicate AND c.duplicate AND categorised.value->>${previewField("state")} IN ('new', 'pre_opening')
                    THEN jsonb_set(jsonb_set(jsonb_set(jsonb_set(jsonb_set(categorised.value,
                           ${path("state")}, '"duplicate"'), ${path("duplicate_of")}, 'null'),
                           ${path("duplicate_reason")}, '"marked_by_you"'), ${path("duplicate_day_distance")}, 'null'),
                           ${path("duplicate_similarity")}, 'null')
                    WHEN c.set_duplicate AND NOT c.duplicate AND categorised.value->>${previewField("state")} = 'duplicate'
                    THEN jsonb_set(jsonb_set(jsonb_set(jsonb_set(jsonb_set(categorised.value,
                           ${path("state")}, to_jsonb(CASE WHEN (categorised.value->>${previewField("date")})::date < (
                                                             -- The opening date of the row's account (the job's, or its statement's).
                                                             SELECT a.opening_balance_date FROM accounts a
                                                              WHERE a.id = COALESCE((categorised.value->>${previewField("account_id")})::uuid, j.account_id))
                                                           THEN 'pre_opening' ELSE 'new' END)),
                           ${path("duplicate_of")}, 'null'), ${path("duplicate_reason")}, 'null'),
                           ${path("duplicate_day_distance")}, 'null'), ${path("duplicate_similarity")}, 'null')
                    ELSE categorised.value END AS value) edited)
     WHERE j.id = $1::uuid`,
    jobId,
    list.map((edit) => edit.row),
    list.map((edit) => edit.category_id !== undefined),
    list.map((edit) => edit.category_id ?? null),
    list.map((edit) => edit.duplicate !== undefined),
    list.map((edit) => edit.duplicate ?? false),
  );
  return { changed: list.length };
}
