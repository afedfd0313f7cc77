/**
 * bench:import's baseline: the floor of the same work, what the contract makes any server do with
 * the bench's statement and nothing else, written by hand for this one file (its columns known in
 * advance, no detection, no checks) and run through the database driver, not Prisma.
 *
 *   upload  decode the bytes and split them (papaparse, header: true); dates to YYYY-MM-DD and
 *           amounts to decimal points (the preview shows them so); read the account's transactions
 *           of the file's dates, 3 days either side, and check each row against them and the rows
 *           before it by the CONTRACT's duplicate rule (the same amount and currency, at most 3 days
 *           apart, a similar description; a row repeated in the file), with the service's own
 *           checker (duplicates.ts: no hand-written version of that rule would be cheaper); then in
 *           one transaction store the job with its whole preview, the CONTRACT's fields of each row
 *           in the app's jsonb layout (which GET pages and the worker books in SQL; no category is
 *           guessed, so those fields are null and, trailing, left out) and the file (kept for a
 *           re-read).
 *   book    confirm (status queued, the kept file dropped), then in one transaction insert the new
 *           rows as transactions from the stored preview and complete the job.
 */
import Papa from "papaparse";
import type { Db } from "../server/db/client";
import { DUPLICATE_WINDOW_DAYS, duplicateChecker, type ExistingTransaction } from "../server/domain/imports/duplicates";
import { previewText } from "../server/domain/imports/stored-preview";

export interface FloorTarget {
  workspaceId: string;
  userId: string;
  accountId: string;
  currencyCode: string;
}

/** "31.12.2025" -> "2025-12-31"; "-1.234,50" -> "-1234.50" (the bench file's formats). */
const isoDay = (text: string) => `${text.slice(6, 10)}-${text.slice(3, 5)}-${text.slice(0, 2)}`;
const pointAmount = (text: string) => text.replace(/\./g, "").replace(",", ".");

/** Returns the job's id. */
export async function floorUpload(
  db: Db,
  target: FloorTarget,
  file: { name: string; bytes: Buffer; sha256: string },
): Promise<string> {
  const text = new TextDecoder("utf-8").decode(file.bytes);
  const { data } = Papa.parse<Record<string, string>>(text, { header: true, delimiter: ";", skipEmptyLines: true });
  const rows = data.map((cells, index) => ({
    row: index + 1,
    date: isoDay(cells.Buchungstag ?? ""),
    amount: pointAmount(cells.Betrag ?? ""),
    description: cells.Verwendungszweck ?? "",
    counterparty: cells["Beguenstigter/Zahlungspflichtiger"] || null,
  }));
  let first = rows[0]?.date ?? "";
  let last = first;
  for (const row of rows) {
    if (row.date < first) first = row.date;
    if (row.date > last) last = row.date;
  }
  const existing = await db.sql.query<ExistingTransaction>(
    `SELECT id::text AS id, to_char(date, 'YYYY-MM-DD') AS date, amount::text AS amount, $4::text AS "currencyCode",
            description, external_id AS "externalId"
       FROM transactions
      WHERE account_id = $1::uuid AND date BETWEEN $2::date - $5::int AND $3::date + $5::int`,
    [target.accountId, first, last, target.currencyCode, DUPLICATE_WINDOW_DAYS],
  );
  const checkDuplicate = duplicateChecker(existing);
  const preview = JSON.stringify(
    rows.map((row) => {
      const duplicate = checkDuplicate({
        row: row.row,
        date: row.date,
        amount: row.amount,
        currencyCode: target.currencyCode,
        description: row.description,
        externalId: null,
      });
      const stored: unknown[] = [
        row.row,
        row.date,
        row.amount,
        target.currencyCode,
        row.description,
        row.counterparty,
        null,
        null,
        duplicate ? "duplicate" : "new",
        duplicate ? (duplicate.kind === "transaction" ? duplicate.id : `row:${duplicate.row}`) : null,
        [],
      ];
      // category_source, category_confidence, category_reason (null), then duplicate_reason.
      if (duplicate) stored.push(null, null, null, duplicate.reason);
      return stored;
    }),
  );
  return db.sql.transaction(async (tx) => {
    const [job] = await tx.query<{ id: string }>(
      `INSERT INTO import_jobs (id, workspace_id, created_by_user_id, account_id, file_name, file_type, file_sha256, file_size, total_rows, status, preview, updated_at)
       VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3::uuid, $4, 'csv', $5, $6, $7, 'parsed', $8::jsonb, now()) RETURNING id`,
      [
        target.workspaceId,
        target.userId,
        target.accountId,
        file.name,
        file.sha256,
        file.bytes.length,
        rows.length,
        preview,
      ],
    );
    await tx.query(
      `INSERT INTO import_files (import_job_id, workspace_id, bytes, size, expires_at) VALUES ($1::uuid, $2::uuid, $3::bytea, $4, now() + interval '1 day')`,
      [job!.id, target.workspaceId, file.bytes, file.bytes.length],
    );
    return job!.id;
  });
}

const field = (name: Parameters<typeof previewText>[1]) => previewText("r.v", name);

/** Confirms and books a job floorUpload stored. */
export async function floorBook(db: Db, jobId: string, currencyId: string): Promise<number> {
  await db.sql.transaction(async (tx) => {
    await tx.query(
      `UPDATE import_jobs SET status = 'queued', queued_at = now(), skip_duplicates = true, updated_at = now() WHERE id = $1::uuid`,
      [jobId],
    );
    await tx.query(`DELETE FROM import_files WHERE import_job_id = $1::uuid`, [jobId]);
  });
  return db.sql.transaction(async (tx) => {
    const [inserted] = await tx.query<{ count: number }>(
      `WITH booked AS (
       INSERT INTO transactions (id, workspace_id, account_id, currency_id, type, date, amount, description, counterparty,
                                 category_id, external_id, import_job_id, created_by_user_id, updated_at)
       SELECT gen_random_uuid(), j.workspace_id, j.account_id, $2::uuid,
              (CASE WHEN (${field("amount")})::numeric < 0 THEN 'expense' ELSE 'income' END)::"TransactionType",
              (${field("date")})::date, (${field("amount")})::numeric, ${field("description")}, ${field("counterparty")},
              (${field("category_id")})::uuid, ${field("external_id")}, j.id, j.created_by_user_id, now()
         FROM import_jobs j CROSS JOIN LATERAL jsonb_array_elements(j.preview) AS r(v)
        WHERE j.id = $1::uuid AND ${field("state")} = 'new'
       RETURNING 1)
       SELECT count(*)::int AS count FROM booked`,
      [jobId, currencyId],
    );
    await tx.query(
      `UPDATE import_jobs SET status = 'completed', completed_at = now(), imported_count = $2, updated_at = now() WHERE id = $1::uuid`,
      [jobId, inserted?.count ?? 0],
    );
    return inserted?.count ?? 0;
  });
}
