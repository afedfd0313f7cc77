import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestWorkspace, useTestDatabase } from "../../testing/fixtures";
import type { WorkspaceRef } from "../identity/authenticate";
import { SideEffects } from "../side-effects/side-effects";
import { dayToDate } from "../time/calendar";
import { confirmImport, getImport } from "./confirm-import";
import { createImport } from "./create-import";
import { parseStatementFile } from "./parse-file";
import type { PreviewRow } from "./preview";
import { PREVIEW_PAGE_MAX_ROWS, previewPageOf, type PreviewQuery } from "./preview-page";
import { PREVIEW_FIELDS, readStoredPreview } from "./stored-preview";

const db = useTestDatabase();
let workspace: WorkspaceRef;
let jobId: string;
/** The whole stored preview, read as the worker would. */
let stored: PreviewRow[];
let created: Awaited<ReturnType<typeof createImport>>;

/**
 * 2,500 rows: every 10th repeats the row before it (a duplicate inside the file), every 25th has a
 * zero amount (invalid), the first 30 are dated before the account's opening date (pre_opening).
 */
function statement(): string {
  const lines = ["Date;Description;Amount"];
  for (let row = 1; row <= 2_500; row++) {
    const date = row <= 30 ? "2025-12-15" : `2026-0${1 + (row % 6)}-${String(1 + (row % 28)).padStart(2, "0")}`;
    if (row % 10 === 0) lines.push(lines[lines.length - 1]!);
    else lines.push(`${date};Shop ${row};${row % 25 === 0 ? "0,00" : `-${row},50`}`);
  }
  return `${lines.join("\n")}\n`;
}

beforeAll(async () => {
  const owner = await createTestWorkspace(db, { name: "Paging", timezone: "Europe/Berlin" });
  workspace = owner.workspace;
  const wallet = await db.prisma.wallet.create({ data: { workspaceId: workspace.id, name: "Bank" } });
  const account = await db.prisma.account.create({
    data: {
      workspaceId: workspace.id,
      walletId: wallet.id,
      currencyId: workspace.homeCurrencyId,
      openingBalance: "0",
      openingBalanceDate: dayToDate("2026-01-01"),
    },
  });
  const bytes = Buffer.from(statement());
  const parsed = await parseStatementFile(bytes, "big.csv", {
    defaultCurrencyCode: "EUR",
    amountSemantics: "signed_debit_negative",
  });
  const file = { name: "big.csv", bytes, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
  created = await createImport(
    { db, workspace, userId: owner.userId, sideEffects: new SideEffects() },
    { accountId: account.id, file, parsed },
  );
  jobId = created.id;
  stored = await readStoredPreview(db, jobId);
}, 60_000);

const get = (query: Partial<PreviewQuery>) =>
  getImport({ db: db, workspace }, jobId, { page: 1, limit: PREVIEW_PAGE_MAX_ROWS, state: null, ...query });

async function everyPage(limit: number, state: PreviewQuery["state"] = null): Promise<PreviewRow[]> {
  const rows: PreviewRow[] = [];
  for (let page = 1; ; page++) {
    const { attributes } = await get({ page, limit, state });
    expect(attributes.preview.length).toBeLessThanOrEqual(limit);
    if (attributes.preview.length === 0) return rows;
    rows.push(...attributes.preview);
  }
}

describe("paged previews", () => {
  it("stores the whole preview and answers the upload with its first 1,000 rows and the total", () => {
    expect(stored).toHaveLength(2_500);
    const { attributes } = created;
    expect(attributes.preview).toEqual(stored.slice(0, 1_000));
    expect(attributes).toMatchObject({
      preview_total: 2_500,
      preview_page: 1,
      preview_limit: 1_000,
      total_rows: 2_500,
    });
    const counted = { new: 0, duplicate: 0, invalid: 0, pre_opening: 0 };
    for (const row of stored) counted[row.state] += 1;
    expect(counted.duplicate).toBe(250);
    expect(counted.invalid).toBeGreaterThan(0);
    expect(counted.pre_opening).toBeGreaterThan(0);
    expect(attributes.preview_counts).toEqual(counted);
  });

  it("returns every row exactly once, in file order, across pages of 1,000 and of 7", async () => {
    for (const limit of [1_000, 7]) expect(await everyPage(limit)).toEqual(stored);
  }, 60_000);

  it("filters by state: the total counts the rows of that state, and the pages hold exactly them", async () => {
    for (const state of ["new", "duplicate", "invalid", "pre_opening"] as const) {
      const expected = stored.filter((row) => row.state === state);
      const { attributes } = await get({ state, limit: 100 });
      expect(attributes.preview_total).toBe(expected.length);
      expect(await everyPage(100, state)).toEqual(expected);
    }
  }, 60_000);

  it("answers an empty page past the end, with the total", async () => {
    const { attributes } = await get({ page: 4 });
    expect(attributes.preview).toEqual([]);
    expect(attributes).toMatchObject({ preview_total: 2_500, preview_page: 4 });
  });

  it("reads the same page in SQL as in memory", async () => {
    const query: PreviewQuery = { page: 3, limit: 11, state: "duplicate" };
    const { attributes } = await get(query);
    const inMemory = previewPageOf(stored, query);
    expect(attributes.preview).toEqual(inMemory.rows);
    expect(attributes.preview_total).toBe(inMemory.total);
  });

  it("reads a preview stored in the earlier layout, one object per row, as an older instance writes it during an upgrade", async () => {
    const pairs = PREVIEW_FIELDS.map((name, index) => `'${name}', e.v -> ${index}`).join(", ");
    await db.prisma.$executeRawUnsafe(
      `UPDATE import_jobs SET preview = (SELECT jsonb_agg(jsonb_build_object(${pairs}) ORDER BY e.n)
         FROM jsonb_array_elements(preview) WITH ORDINALITY AS e(v, n)) WHERE id = $1::uuid`,
      jobId,
    );
    const [layout] = await db.prisma.$queryRaw<
      Array<{ kind: string }>
    >`SELECT jsonb_typeof(preview -> 0) AS kind FROM import_jobs WHERE id = ${jobId}::uuid`;
    expect(layout?.kind).toBe("object");
    expect(await readStoredPreview(db, jobId)).toEqual(stored);
    for (const query of [
      { page: 2, limit: 7, state: null },
      { page: 1, limit: 50, state: "pre_opening" },
    ] satisfies PreviewQuery[]) {
      const { attributes } = await get(query);
      expect(attributes.preview).toEqual(previewPageOf(stored, query).rows);
      expect(attributes.preview_total).toBe(previewPageOf(stored, query).total);
    }
  });

  it("answers confirm with the first page too; the stored preview stays whole", async () => {
    const confirmed = await confirmImport({ db: db, workspace, sideEffects: new SideEffects() }, jobId, {
      skipDuplicates: true,
    });
    expect(confirmed.attributes.preview).toEqual(stored.slice(0, 1_000));
    expect(confirmed.attributes.preview_total).toBe(2_500);
    expect(await readStoredPreview(db, jobId)).toHaveLength(2_500);
  });
});
