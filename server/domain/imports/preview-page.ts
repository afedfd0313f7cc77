/**
 * A job's preview shown a page at a time (CONTRACT "Additions (2026-11-23)"): the stored preview
 * stays whole (the worker books from it), while answers carry at most PREVIEW_PAGE_MAX_ROWS rows.
 */
import type { Db } from "../../db";
import { Prisma } from "../../db/generated/prisma/client";
import type { PreviewRow, PreviewState } from "./preview";
import { fromStored, previewText } from "./stored-preview";

/** The most preview rows one answer carries, and the default page size. */
export const PREVIEW_PAGE_MAX_ROWS = 1_000;

export const PREVIEW_STATES = ["new", "duplicate", "invalid", "pre_opening"] as const satisfies readonly PreviewState[];

/** Which rows to show: a 1-based page of `limit` rows, of the rows in `state` when one is given. */
export interface PreviewQuery {
  page: number;
  limit: number;
  state: PreviewState | null;
}

export const FIRST_PREVIEW_PAGE: PreviewQuery = { page: 1, limit: PREVIEW_PAGE_MAX_ROWS, state: null };

type PreviewCounts = Record<PreviewState, number>;

export interface PreviewPage {
  rows: PreviewRow[];
  /** Rows in the whole preview, or in `state` when the query named one. */
  total: number;
  page: number;
  limit: number;
  /** Rows per state in the whole preview. */
  counts: PreviewCounts;
}

function countsOf(entries: Iterable<[string, number]>): PreviewCounts {
  const counts: PreviewCounts = { new: 0, duplicate: 0, invalid: 0, pre_opening: 0 };
  for (const [state, count] of entries) if (state in counts) counts[state as PreviewState] += count;
  return counts;
}

function totalOf(counts: PreviewCounts, state: PreviewState | null): number {
  return state ? counts[state] : PREVIEW_STATES.reduce((sum, each) => sum + counts[each], 0);
}

/** The page of a preview already in memory (a write's answer, which has just built it). */
export function previewPageOf(preview: readonly PreviewRow[], query: PreviewQuery = FIRST_PREVIEW_PAGE): PreviewPage {
  const matching = query.state ? preview.filter((row) => row.state === query.state) : preview;
  const counts = countsOf(preview.map((row): [string, number] => [row.state, 1]));
  const start = (query.page - 1) * query.limit;
  return {
    rows: matching.slice(start, start + query.limit),
    total: totalOf(counts, query.state),
    page: query.page,
    limit: query.limit,
    counts,
  };
}

/** The page of a job's stored preview, cut in SQL: a GET of a 100k-row preview never turns every row into a JS object. */
export async function readPreviewPage(
  db: Db,
  job: { id: string; accountId: string },
  query: PreviewQuery = FIRST_PREVIEW_PAGE,
): Promise<PreviewPage> {
  const offset = (query.page - 1) * query.limit;
  const state = Prisma.raw(previewText("e.value", "state"));
  const [found] = await db.prisma.$queryRaw<
    Array<{ rows: unknown[][]; counts: Array<{ state: string; count: number }> }>
  >`
    WITH stored AS (
      SELECT e.value, e.n, ${state} AS state
        FROM import_jobs j
        CROSS JOIN LATERAL jsonb_array_elements(j.preview) WITH ORDINALITY AS e(value, n)
       WHERE j.id = ${job.id}::uuid AND jsonb_typeof(j.preview) = 'array'
    )
    SELECT
      (SELECT coalesce(jsonb_agg(p.value ORDER BY p.n), '[]'::jsonb)
         FROM (SELECT value, n FROM stored
                WHERE ${query.state}::text IS NULL OR state = ${query.state}::text
                ORDER BY n OFFSET ${offset} LIMIT ${query.limit}) p) AS rows,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('state', s.state, 'count', s.count)), '[]'::jsonb)
         FROM (SELECT state, count(*)::int AS count FROM stored GROUP BY 1) s) AS counts`;
  const counts = countsOf((found?.counts ?? []).map(({ state, count }): [string, number] => [state, count]));
  return {
    rows: (found?.rows ?? []).map((row) => fromStored(row, job.accountId)),
    total: totalOf(counts, query.state),
    page: query.page,
    limit: query.limit,
    counts,
  };
}
