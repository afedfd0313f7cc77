/**
 * How a job's preview is stored: `import_jobs.preview` is one jsonb array with one array per row,
 * its values in the order of PREVIEW_FIELDS (`[1, "2026-03-02", "-12.30", "EUR", "Rent", null,
 * null, null, "new", null, []]`). Positional rather than objects: PostgreSQL sorts and
 * de-duplicates the keys of every object it turns into jsonb, which made storing 100k rows as
 * objects take 0.8-1.9 s of the database's time against 0.25-0.35 s as arrays, and the text sent
 * is 16 MiB instead of 28. Readers cut pages and book rows in SQL with the same field positions.
 */
import type { Db } from "../../db";

import type { PreviewRow } from "./preview";

/** The fields of a stored row, by position. */
export const PREVIEW_FIELDS = [
  "row",
  "date",
  "amount",
  "currency_code",
  "description",
  "counterparty",
  "external_id",
  "category_id",
  "state",
  "duplicate_of",
  "problems",
  "category_source",
  "category_confidence",
  "category_reason",
  "duplicate_reason",
  "duplicate_day_distance",
  "duplicate_similarity",
  "account_id",
] as const satisfies ReadonlyArray<keyof PreviewRow>;

/** A stored row: PreviewRow's values in the order of PREVIEW_FIELDS. */
type StoredRow = [
  row: number,
  date: string,
  amount: string,
  currencyCode: string,
  description: string,
  counterparty: string | null,
  externalId: string | null,
  categoryId: string | null,
  state: PreviewRow["state"],
  duplicateOf: string | null,
  problems: string[],
  categorySource: PreviewRow["category_source"],
  categoryConfidence: number | null,
  categoryReason: string | null,
  duplicateReason: PreviewRow["duplicate_reason"],
  duplicateDayDistance: number | null,
  duplicateSimilarity: number | null,
  /** Null for the import's own account: only the rows of a file's other accounts carry one. */
  accountId: string | null,
];

/** The position of a field in a stored row, for SQL (`v->>8` is the state). */
export function previewField(name: (typeof PREVIEW_FIELDS)[number]): number {
  return PREVIEW_FIELDS.indexOf(name);
}

/**
 * A stored row's field as text in SQL, of the row `alias`: by position in an array row, or by name
 * in an object row (the layout before 2026-11-25, which an instance of an older version may still
 * write while a deployment moves to this one; `->>` of a position in an object, or of a name in an
 * array, is null).
 */
export function previewText(alias: string, name: (typeof PREVIEW_FIELDS)[number]): string {
  return `coalesce(${alias}->>${previewField(name)}, ${alias}->>'${name}')`;
}

/**
 * The fields every stored row has (up to `problems`, never null); the later ones are left out when
 * they and every field after them are null, as most are (a new row without a category): a row is
 * then 11 values instead of 18, a fifth less JSON, and PostgreSQL spends about a quarter less time
 * turning 100k rows into jsonb (bench:import). Readers take a missing
 * position as null (`->>` and fromStored); preview-edits.ts pads a row before it sets a field.
 */
const ALWAYS_STORED = PREVIEW_FIELDS.indexOf("problems") + 1;

function toStored(row: PreviewRow, homeAccountId: string): Partial<StoredRow> {
  const stored: Partial<StoredRow> = [
    row.row,
    row.date,
    row.amount,
    row.currency_code,
    row.description,
    row.counterparty,
    row.external_id,
    row.category_id,
    row.state,
    row.duplicate_of,
    row.problems,
    row.category_source,
    row.category_confidence,
    row.category_reason,
    row.duplicate_reason,
    row.duplicate_day_distance,
    row.duplicate_similarity,
    row.account_id === homeAccountId ? null : row.account_id,
  ];
  let length = stored.length;
  while (length > ALWAYS_STORED && stored[length - 1] === null) length -= 1;
  stored.length = length;
  return stored;
}

/** A stored row of the job whose account is `homeAccountId`, read back as the API shows it (an object row, the layout before, as it is). */
export function fromStored(stored: unknown[] | Record<string, unknown>, homeAccountId: string): PreviewRow {
  if (!Array.isArray(stored)) stored = PREVIEW_FIELDS.map((name) => stored[name as keyof typeof stored]);
  const [
    row,
    date,
    amount,
    currencyCode,
    description,
    counterparty,
    externalId,
    categoryId,
    state,
    duplicateOf,
    problems,
    categorySource,
    categoryConfidence,
    categoryReason,
    duplicateReason,
    duplicateDayDistance,
    duplicateSimilarity,
    accountId,
  ] = stored as unknown as StoredRow;
  return {
    row,
    date,
    amount,
    currency_code: currencyCode,
    description,
    counterparty: counterparty ?? null,
    external_id: externalId ?? null,
    category_id: categoryId ?? null,
    state,
    duplicate_of: duplicateOf ?? null,
    problems: problems ?? [],
    // Rows stored before categories said where they came from (2026-11-27) have none of the three.
    category_source: categorySource ?? null,
    category_confidence: categoryConfidence ?? null,
    category_reason: categoryReason ?? null,
    duplicate_reason: duplicateReason ?? null,
    duplicate_day_distance: duplicateDayDistance ?? null,
    duplicate_similarity: duplicateSimilarity ?? null,
    account_id: accountId ?? homeAccountId,
  };
}

/** Rows turned into JSON at a time: their arrays die young instead of 100k of them outliving the text. */
const JSON_CHUNK_ROWS = 2_000;

/** The preview of a job whose account is `homeAccountId`, as the JSON text of its stored form. */
export function storedPreviewJson(preview: readonly PreviewRow[], homeAccountId: string): string {
  const chunks: string[] = [];
  for (let start = 0; start < preview.length; start += JSON_CHUNK_ROWS) {
    chunks.push(
      JSON.stringify(preview.slice(start, start + JSON_CHUNK_ROWS).map((row) => toStored(row, homeAccountId))).slice(
        1,
        -1,
      ),
    );
  }
  return `[${chunks.join(",")}]`;
}

/** Stores the preview as the job's one jsonb value, sent as one JSON text (Prisma would walk and re-encode every value of an object). */
export async function storePreview(
  db: Db,
  job: { id: string; accountId: string },
  preview: readonly PreviewRow[],
): Promise<void> {
  await db.prisma.$executeRaw`UPDATE import_jobs SET preview = ${storedPreviewJson(preview, job.accountId)}::jsonb
                               WHERE id = ${job.id}::uuid`;
}

/** The whole stored preview of a job, in file order (tests and tools; answers read one page, see preview-page.ts). */
export async function readStoredPreview(db: Db, jobId: string): Promise<PreviewRow[]> {
  const [found] = await db.prisma.$queryRaw<
    Array<{ preview: unknown; account_id: string }>
  >`SELECT preview, account_id::text AS account_id FROM import_jobs WHERE id = ${jobId}::uuid`;
  return Array.isArray(found?.preview)
    ? (found.preview as Array<unknown[] | Record<string, unknown>>).map((row) => fromStored(row, found.account_id))
    : [];
}
