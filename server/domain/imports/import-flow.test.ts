import { createHash, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { claimNextImport, drainImports } from "../../jobs/import-worker";
import { createTestWorkspace, useTestDatabase } from "../../testing/fixtures";
import { balancesOn } from "../accounts/balances";
import type { WorkspaceRef } from "../identity/authenticate";
import { SideEffects } from "../side-effects/side-effects";
import { dayToDate } from "../time/calendar";
import { confirmImport, getImport } from "./confirm-import";
import { createImport } from "./create-import";
import { parseStatementFile } from "./parse-file";
import { editPreviewRows } from "./preview-edits";
import { readStoredPreview } from "./stored-preview";

const db = useTestDatabase();
let workspace: WorkspaceRef;
let userId: string;

beforeAll(async () => {
  ({ workspace, userId } = await createTestWorkspace(db, { name: "Imports", timezone: "Europe/Berlin" }));
});

async function newAccount(opening: { balance: string; date: string }, iban: string | null = null) {
  const wallet = await db.prisma.wallet.create({
    data: { workspaceId: workspace.id, name: `Bank ${randomUUID().slice(0, 4)}` },
  });
  return db.prisma.account.create({
    data: {
      workspaceId: workspace.id,
      walletId: wallet.id,
      currencyId: workspace.homeCurrencyId,
      openingBalance: opening.balance,
      openingBalanceDate: dayToDate(opening.date),
      iban,
    },
  });
}

async function upload(accountId: string, name: string, content: string) {
  const bytes = Buffer.from(content, "utf8");
  const parsed = await parseStatementFile(bytes, name, { defaultCurrencyCode: "EUR" });
  const file = { name, bytes, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
  return createImport({ db: db, workspace, userId, sideEffects: new SideEffects() }, { accountId, file, parsed });
}

const confirm = (id: string, skipDuplicates = true) =>
  confirmImport({ db: db, workspace, sideEffects: new SideEffects() }, id, { skipDuplicates });

/** Confirms and books an import: its opening balance adjustments, and the account's balance on `day`. */
async function bookAndRead(jobId: string, accountId: string, day: string) {
  await confirm(jobId);
  await drainImports(db);
  const done = await getImport({ db: db, workspace }, jobId);
  const balance = (await balancesOn(db, [accountId], day)).get(accountId)!;
  return { adjusted: done.attributes.opening_balance_adjusted, balance: balance.toFixed(2) };
}

const CSV = [
  "Date;Description;Amount",
  "2026-03-01;REWE Markt Berlin;-12,30",
  "2026-03-02;Salary ACME GmbH;2.500,00",
  "2026-03-05;REWE Markt Berlin;-12,30",
  "",
].join("\n");

describe("a statement import from upload to booked transactions", () => {
  it("previews, confirms, and books every row once with the counts", async () => {
    const account = await newAccount({ balance: "100.00", date: "2026-02-01" });
    const job = await upload(account.id, "march.csv", CSV);
    expect(job.attributes).toMatchObject({ status: "parsed", file_type: "csv", total_rows: 3, error_count: 0 });
    expect(job.attributes.preview.map((row) => [row.row, row.date, row.amount, row.state])).toEqual([
      [1, "2026-03-01", "-12.30", "new"],
      [2, "2026-03-02", "2500.00", "new"],
      [3, "2026-03-05", "-12.30", "new"],
    ]);

    const queued = await confirm(job.id);
    expect(queued.attributes.status).toBe("queued");
    expect(await drainImports(db)).toBe(1);

    const done = await getImport({ db: db, workspace }, job.id);
    expect(done.attributes).toMatchObject({
      status: "completed",
      imported_count: 3,
      skipped_count: 0,
      skipped_existing_count: 0,
      error_count: 0,
    });
    const balance = (await balancesOn(db, [account.id], "2026-03-31")).get(account.id)!;
    expect(balance.toFixed(2)).toBe("2575.40");
    const booked = await db.prisma.transaction.findMany({ where: { importJobId: job.id }, orderBy: { date: "asc" } });
    expect(booked.map((t) => [t.type, t.amount.toFixed(2)])).toEqual([
      ["expense", "-12.30"],
      ["income", "2500.00"],
      ["expense", "-12.30"],
    ]);
  });

  it("says why a row is a duplicate, and books the verdicts the person flips", async () => {
    const account = await newAccount({ balance: "0.00", date: "2026-03-01" });
    const first = await upload(
      account.id,
      "march.csv",
      "Date;Description;Amount\n2026-03-01;REWE Markt Berlin;-12,30\n",
    );
    await confirm(first.id);
    await drainImports(db);
    const content = [
      "Date;Description;Amount",
      "2026-03-03;REWE Markt Berlin Filiale;-12,30",
      "2026-03-05;Kaffee;-3,20",
      "2026-03-05;Kaffee;-3,20",
      "2026-03-06;Miete;-900,00",
      "",
    ].join("\n");
    const job = await upload(account.id, "again.csv", content);
    const verdicts = async () =>
      (await readStoredPreview(db, job.id)).map((row) => [
        row.state,
        row.duplicate_reason,
        row.duplicate_day_distance,
        row.duplicate_similarity,
      ]);
    expect(await verdicts()).toEqual([
      ["duplicate", "near_date_same_amount_similar_text", 2, 0.75],
      ["new", null, null, null],
      ["duplicate", "repeated_in_file", 0, 1],
      ["new", null, null, null],
    ]);
    // Two coffees on one day are real: the person says so; the rent was paid elsewhere already.
    await db.transaction((tx) =>
      editPreviewRows({ db: tx, workspace }, job.id, [
        { row: 3, duplicate: false },
        { row: 4, duplicate: true },
      ]),
    );
    expect(await verdicts()).toEqual([
      ["duplicate", "near_date_same_amount_similar_text", 2, 0.75],
      ["new", null, null, null],
      ["new", null, null, null],
      ["duplicate", "marked_by_you", null, null],
    ]);
    await confirm(job.id);
    await drainImports(db);
    const booked = await db.prisma.transaction.findMany({ where: { importJobId: job.id }, orderBy: { date: "asc" } });
    expect(booked.map((t) => [t.description, t.amount.toFixed(2)])).toEqual([
      ["Kaffee", "-3.20"],
      ["Kaffee", "-3.20"],
    ]);
  });

  it("marks an amount too large to store invalid and cuts a description too long to index, so the booking succeeds", async () => {
    const account = await newAccount({ balance: "0.00", date: "2026-01-01" });
    const long = "Verwendungszweck ".repeat(600);
    const job = await upload(
      account.id,
      "odd.csv",
      `Date;Description;Amount\n2026-03-01;Huge;-99999999999999999999,00\n2026-03-02;${long};-1,00\n`,
    );
    const [huge, wordy] = job.attributes.preview;
    expect(huge).toMatchObject({ state: "invalid" });
    expect(huge!.problems).toEqual([
      "amount -99999999999999999999.00 is too large (at most 16 digits before the point)",
    ]);
    expect(wordy!.description).toHaveLength(1_000);
    await confirm(job.id);
    await drainImports(db);
    expect((await getImport({ db: db, workspace }, job.id)).attributes).toMatchObject({
      status: "completed",
      imported_count: 1,
      error_count: 1,
    });
  });

  it("shows rows dated outside 1900-2199 as invalid, naming the date, and books the others (never a 500)", async () => {
    const account = await newAccount({ balance: "0.00", date: "2026-01-01" });
    const odd =
      "Date;Description;Amount\n9999-12-29;Far away;-1,00\n9999-12-31;Further;-2,00\n1850-06-01;Long ago;-3,00\n2026-03-01;Today;-4,00\n";
    const job = await upload(account.id, "odd.csv", odd);
    expect(job.attributes.preview.map((row) => [row.date, row.state, row.problems])).toEqual([
      ["9999-12-29", "invalid", ["date 9999-12-29 is outside 1900-01-01 to 2199-12-31"]],
      ["9999-12-31", "invalid", ["date 9999-12-31 is outside 1900-01-01 to 2199-12-31"]],
      ["1850-06-01", "invalid", ["date 1850-06-01 is outside 1900-01-01 to 2199-12-31"]],
      ["2026-03-01", "new", []],
    ]);
    await confirm(job.id);
    await drainImports(db);
    expect((await getImport({ db: db, workspace }, job.id)).attributes).toMatchObject({
      status: "completed",
      imported_count: 1,
      error_count: 3,
    });
  });

  it("recognises a re-imported file as duplicates and skips them", async () => {
    const account = await newAccount({ balance: "0.00", date: "2026-01-01" });
    const first = await upload(account.id, "march.csv", CSV);
    await confirm(first.id);
    await drainImports(db);

    const again = await upload(account.id, "march-again.csv", CSV);
    expect(again.attributes.preview.map((row) => row.state)).toEqual(["duplicate", "duplicate", "duplicate"]);
    expect(again.attributes.preview.every((row) => row.duplicate_of !== null)).toBe(true);
    await confirm(again.id, true);
    await drainImports(db);
    const done = await getImport({ db: db, workspace }, again.id);
    expect(done.attributes).toMatchObject({
      imported_count: 0,
      skipped_count: 3,
      skipped_existing_count: 3,
      error_count: 0,
    });
    expect(await db.prisma.transaction.count({ where: { accountId: account.id } })).toBe(3);
  });

  it("refuses to confirm twice", async () => {
    const account = await newAccount({ balance: "0.00", date: "2026-01-01" });
    const job = await upload(account.id, "march.csv", CSV);
    await confirm(job.id);
    await expect(confirm(job.id)).rejects.toMatchObject({ code: "IMPORT_STATE_CONFLICT" });
    await drainImports(db);
  });

  it("books an import whose worker died exactly once", async () => {
    const account = await newAccount({ balance: "0.00", date: "2026-01-01" });
    const job = await upload(account.id, "march.csv", CSV);
    await confirm(job.id);
    const claimed = await claimNextImport(db);
    expect(claimed?.id).toBe(job.id);
    // The worker died here. Its claim is older than the timeout when the next pass runs.
    await db.prisma.importJob.update({
      where: { id: job.id },
      data: { lockedAt: new Date(Date.now() - 10 * 60 * 1000) },
    });
    expect(await drainImports(db)).toBe(1);
    expect(await drainImports(db)).toBe(0);
    expect(await db.prisma.transaction.count({ where: { importJobId: job.id } })).toBe(3);
    expect((await getImport({ db: db, workspace }, job.id)).attributes.status).toBe("completed");
  });

  it("moves the opening balance back for earlier rows so the statement's closing balance holds", async () => {
    const account = await newAccount({ balance: "1000.00", date: "2026-03-10" }, "DE44500105175407324931");
    const ofx = [
      "OFXHEADER:100",
      "DATA:OFXSGML",
      "VERSION:102",
      "",
      "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR",
      "<BANKACCTFROM><BANKID>50010517<ACCTID>DE44500105175407324931<ACCTTYPE>CHECKING</BANKACCTFROM>",
      "<BANKTRANLIST><DTSTART>20260301<DTEND>20260315",
      "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260305120000[+1:CET]<TRNAMT>-50.00<FITID>A1<NAME>Shop</STMTTRN>",
      "<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260312<TRNAMT>200.00<FITID>A2<NAME>Refund</STMTTRN>",
      "</BANKTRANLIST><LEDGERBAL><BALAMT>1230.00<DTASOF>20260315</LEDGERBAL>",
      "</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>",
    ].join("\n");
    const job = await upload(account.id, "march.ofx", ofx);
    expect(job.attributes.preview.map((row) => [row.date, row.state, row.external_id])).toEqual([
      ["2026-03-05", "pre_opening", "A1"],
      ["2026-03-12", "new", "A2"],
    ]);
    const booked = await bookAndRead(job.id, account.id, "2026-03-15");
    expect(booked.adjusted).toEqual([
      expect.objectContaining({
        reason: "pre_opening_import_rows",
        balance_as_of_date: "2026-03-15",
        target_balance: "1230.00",
        old_opening_balance: "1000.00",
        old_opening_balance_date: "2026-03-10",
        new_opening_balance_date: "2026-03-05",
        new_opening_balance: "1080.00",
      }),
    ]);
    expect(booked.balance).toBe("1230.00");
  });

  it("without a closing balance, moves the opening for the earlier rows only: a row of the opening day still counts", async () => {
    const account = await newAccount({ balance: "160.00", date: "2024-11-20" });
    const csv = [
      "Date;Description;Amount",
      "2024-11-10;Before the opening;-10,00",
      "2024-11-20;On the opening day;-1,00",
      "",
    ];
    const job = await upload(account.id, "opening.csv", csv.join("\n"));
    expect(job.attributes.preview.map((row) => [row.date, row.state])).toEqual([
      ["2024-11-10", "pre_opening"],
      ["2024-11-20", "new"],
    ]);
    const booked = await bookAndRead(job.id, account.id, "2024-11-30");
    expect(booked.adjusted).toEqual([
      expect.objectContaining({
        old_opening_balance: "160.00",
        new_opening_balance: "170.00",
        new_opening_balance_date: "2024-11-10",
        target_balance: "159.00",
      }),
    ]);
    // The earlier row is absorbed by the opening; the opening day's row moves the balance.
    expect(booked.balance).toBe("159.00");
  });

  it("refuses a statement of another account", async () => {
    const account = await newAccount({ balance: "0.00", date: "2026-01-01" }, "DE89370400440532013000");
    const ofx =
      "<OFX><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><ACCTID>NL91ABNA0417164300</BANKACCTFROM><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260305<TRNAMT>-5.00<FITID>X</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></OFX>";
    await expect(upload(account.id, "other.ofx", ofx)).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
  });
});
