import type { PrismaOrTransaction } from "../../db";
import { AppError } from "../../errors";
import type { WorkspaceContext } from "../workspace-context";
import { pendingJob } from "./reparse-import";
import { previewField } from "./stored-preview";

export interface PreviewCategoryChange {
  row: number;
  category_id: string | null;
}

/**
 * The person's own category for preview rows of an import not yet confirmed: the row is booked with
 * it, and says so (category_source, confidence and reason become null). All or nothing: a row the
 * preview does not have is 400, a category not of the workspace 404, an archived one 422.
 */
export async function setPreviewCategories(
  { db, workspace }: WorkspaceContext<PrismaOrTransaction>,
  jobId: string,
  changes: PreviewCategoryChange[],
): Promise<{ changed: number }> {
  await pendingJob(db, workspace, jobId, "changed");
  // The job's row, locked: a confirm or a re-read waits for this change, or this one for them.
  await db.$queryRaw`SELECT id FROM import_jobs WHERE id = ${jobId}::uuid FOR UPDATE`;
  await pendingJob(db, workspace, jobId, "changed");
  const categoryIds = [...new Set(changes.flatMap((change) => (change.category_id ? [change.category_id] : [])))];
  const categories = await db.category.findMany({
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
  const rows = changes.map((change) => change.row);
  const [{ found }] = await db.$queryRaw<[{ found: number }]>`
    SELECT count(DISTINCT (e.value->>0)::int)::int AS found
      FROM import_jobs j, jsonb_array_elements(j.preview) e
     WHERE j.id = ${jobId}::uuid AND jsonb_typeof(e.value) = 'array' AND (e.value->>0)::int = ANY(${rows}::int[])`;
  if (found !== new Set(rows).size)
    throw new AppError(
      "VALIDATION_FAILED",
      "Validation failed: rows: a row number is not a row of this import's preview.",
    );
  const [category, source, confidence, reason] = [
    previewField("category_id"),
    previewField("category_source"),
    previewField("category_confidence"),
    previewField("category_reason"),
  ].map((position) => `{${position}}`);
  // The last change of a row wins when a row is named twice.
  const byRow = new Map(changes.map((change) => [change.row, change.category_id]));
  await db.$executeRaw`
    UPDATE import_jobs j SET preview = (
      SELECT jsonb_agg(
               CASE WHEN c.row IS NULL OR jsonb_typeof(e.value) <> 'array' THEN e.value
                    ELSE jsonb_set(jsonb_set(jsonb_set(jsonb_set(e.value,
                           ${category}::text[], coalesce(to_jsonb(c.category_id), 'null'::jsonb)),
                           ${source}::text[], 'null'::jsonb), ${confidence}::text[], 'null'::jsonb), ${reason}::text[], 'null'::jsonb)
               END ORDER BY e.ordinality)
        FROM jsonb_array_elements(j.preview) WITH ORDINALITY e
        LEFT JOIN unnest(${[...byRow.keys()]}::int[], ${[...byRow.values()]}::text[]) AS c(row, category_id)
          ON jsonb_typeof(e.value) = 'array' AND (e.value->>0)::int = c.row),
      updated_at = now()
     WHERE j.id = ${jobId}::uuid`;
  return { changed: byRow.size };
}
