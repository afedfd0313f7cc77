import { createHash, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { runMaintenance } from "../../jobs/maintenance";
import { createTestWorkspace, useTestDatabase } from "../../testing/fixtures";
import type { WorkspaceRef } from "../identity/authenticate";
import { SideEffects } from "../side-effects/side-effects";
import { dayToDate } from "../time/calendar";
import { confirmImport, getImport } from "./confirm-import";
import { createImport } from "./create-import";
import { IMPORT_FILE_BUDGET_BYTES, IMPORT_FILE_RETENTION_MS, readImportFile } from "./import-file";
import { parseStatementFile } from "./parse-file";
import type { ParseOptions } from "./parsers/types";
import { discardImport, readImportAgain, reparseImport } from "./reparse-import";

const db = useTestDatabase();
let workspace: WorkspaceRef;
let userId: string;
let accountId: string;

beforeAll(async () => {
  ({ workspace, userId } = await createTestWorkspace(db, { name: "Re-read", timezone: "Europe/Berlin" }));
  const wallet = await db.prisma.wallet.create({ data: { workspaceId: workspace.id, name: "Giro" } });
  const account = await db.prisma.account.create({
    data: {
      workspaceId: workspace.id,
      walletId: wallet.id,
      currencyId: workspace.homeCurrencyId,
      openingBalance: "100.00",
      openingBalanceDate: dayToDate("2026-01-01"),
    },
  });
  accountId = account.id;
});

// Written for the test: the first column is a value date the importer takes for the booking date
// (never earlier, in order), and amounts print the decimal comma the header cannot tell.
const CSV = ["A;B;C;D", "05.03.2026;03.03.2026;Bakery;-3,50", "06.03.2026;06.03.2026;Salary;2500,00", ""].join("\n");

async function upload(content = CSV, name = "statement.csv") {
  const bytes = Buffer.from(content, "utf8");
  const parsed = await parseStatementFile(bytes, name, { defaultCurrencyCode: "EUR" });
  const file = { name, bytes, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
  return createImport({ db: db, workspace, userId, sideEffects: new SideEffects() }, { accountId, file, parsed });
}

async function reparse(id: string, options: ParseOptions) {
  const reading = await readImportAgain({ db, workspace }, id, options);
  return reparseImport({ db: db, workspace, sideEffects: new SideEffects() }, reading);
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("reading an import again", () => {
  it("reads the kept file with the options given into the same job, one preview version further", async () => {
    const job = await upload();
    expect(job.attributes.preview.map((r) => r.date)).toEqual(["2026-03-05", "2026-03-06"]);
    const again = await reparse(job.id, { columns: { date: 1, amount: 3, description: 2 }, dateFormat: "DD.MM.YYYY" });
    expect(again.id).toBe(job.id);
    expect(again.attributes.preview_version).toBe(job.attributes.preview_version + 1);
    expect(again.attributes.preview.map((r) => [r.date, r.amount])).toEqual([
      ["2026-03-03", "-3.50"],
      ["2026-03-06", "2500.00"],
    ]);
    expect(again.attributes.status).toBe("parsed");
    expect((await getImport({ db: db, workspace }, job.id)).attributes.preview_version).toBe(2);
  });

  it("refuses once the import is confirmed, and the file is gone with the confirm", async () => {
    const job = await upload();
    await confirmImport({ db: db, workspace, sideEffects: new SideEffects() }, job.id, { skipDuplicates: true });
    expect((await refusal(reparse(job.id, {}))).code).toBe("IMPORT_STATE_CONFLICT");
    expect(await db.prisma.importFile.count({ where: { importJobId: job.id } })).toBe(0);
  });

  it("answers 409 naming what to do when the file is no longer kept, and 404 for another workspace's import", async () => {
    const job = await upload();
    await db.prisma.importFile.update({
      where: { importJobId: job.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const gone = await refusal(reparse(job.id, {}));
    expect([gone.code, gone.message]).toEqual(["IMPORT_STATE_CONFLICT", expect.stringContaining("upload it again")]);
    const other = { ...workspace, id: randomUUID() };
    expect((await refusal(readImportAgain({ db, workspace: other }, job.id, {}))).code).toBe("RESOURCE_NOT_FOUND");
  });

  it("keeps files 24 hours: the maintenance pass removes them after", async () => {
    expect(IMPORT_FILE_RETENTION_MS).toBe(24 * 60 * 60 * 1000);
    const job = await upload();
    await runMaintenance(db, new Date(Date.now() + IMPORT_FILE_RETENTION_MS - 60_000));
    expect(await db.prisma.importFile.count({ where: { importJobId: job.id } })).toBe(1);
    await runMaintenance(db, new Date(Date.now() + IMPORT_FILE_RETENTION_MS + 60_000));
    expect(await db.prisma.importFile.count({ where: { importJobId: job.id } })).toBe(0);
  });

  it("keeps at most the workspace's budget, the oldest dropped first", async () => {
    // Two files counted as half the budget each (their recorded size): the older goes when a third arrives.
    await db.prisma.importFile.deleteMany({ where: { workspaceId: workspace.id } });
    const counted = IMPORT_FILE_BUDGET_BYTES / 2;
    const first = await upload(CSV, "one.csv");
    await db.prisma.importFile.update({ where: { importJobId: first.id }, data: { size: counted } });
    const second = await upload(CSV, "two.csv");
    await db.prisma.importFile.update({ where: { importJobId: second.id }, data: { size: counted } });
    expect(await readImportFile(db, first.id)).not.toBeNull();
    const third = await upload(CSV, "three.csv");
    expect(await readImportFile(db, first.id)).toBeNull();
    expect(await readImportFile(db, second.id)).not.toBeNull();
    expect(await readImportFile(db, third.id)).not.toBeNull();
  });
});

describe("discarding an import", () => {
  it("deletes a pending import and its file; a confirmed one is 409", async () => {
    const job = await upload();
    await discardImport({ db: db, workspace, sideEffects: new SideEffects() }, job.id);
    expect((await refusal(getImport({ db: db, workspace }, job.id))).code).toBe("RESOURCE_NOT_FOUND");
    expect(await db.prisma.importFile.count({ where: { importJobId: job.id } })).toBe(0);
    expect(await db.prisma.transaction.count({ where: { importJobId: job.id } })).toBe(0);

    const confirmed = await upload();
    await confirmImport({ db: db, workspace, sideEffects: new SideEffects() }, confirmed.id, {
      skipDuplicates: true,
    });
    expect(
      (await refusal(discardImport({ db: db, workspace, sideEffects: new SideEffects() }, confirmed.id))).code,
    ).toBe("IMPORT_STATE_CONFLICT");
  });
});
