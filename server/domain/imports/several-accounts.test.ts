import { createHash, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { drainImports } from "../../jobs/import-worker";
import { createTestWorkspace, useTestDatabase } from "../../testing/fixtures";
import { balancesOn } from "../accounts/balances";
import type { WorkspaceRef } from "../identity/authenticate";
import { SideEffects } from "../side-effects/side-effects";
import { dayToDate } from "../time/calendar";
import { confirmImport, getImport } from "./confirm-import";
import { createImport } from "./create-import";
import { listImports } from "./list-imports";
import { parseStatementFile } from "./parse-file";
import { editPreviewRows } from "./preview-edits";
import { readImportAgain, reparseImport } from "./reparse-import";
import { revertImport } from "./revert-import";
import type { StatementChoice } from "./select-statement";

const db = useTestDatabase();
let workspace: WorkspaceRef;
let userId: string;

beforeAll(async () => {
  ({ workspace, userId } = await createTestWorkspace(db, { name: "Several accounts", timezone: "Europe/Berlin" }));
});

async function newAccount(opening: { balance: string; date: string }, iban: string | null, into = workspace) {
  const wallet = await db.prisma.wallet.create({
    data: { workspaceId: into.id, name: `Bank ${randomUUID().slice(0, 4)}` },
  });
  return db.prisma.account.create({
    data: {
      workspaceId: into.id,
      walletId: wallet.id,
      currencyId: into.homeCurrencyId,
      openingBalance: opening.balance,
      openingBalanceDate: dayToDate(opening.date),
      iban,
    },
  });
}

const IBAN_A = "DE44500105175407324931";
const IBAN_B = "DE02120300000000202051";
const IBAN_C = "NL91ABNA0417164300";
const mt940 = (iban: string, lines: string[], closing: string) =>
  `:20:REF\n:25:${iban}\n:28C:1/1\n:60F:C260228EUR0,00\n${lines.join("\n")}\n:62F:${closing}\n-\n`;
/** Three accounts' statements in one MT940 file: A's two rows, B's one (dated before B's opening date), C's one. */
const FILE = [
  mt940(
    IBAN_A,
    [":61:2603020302D12,30NTRFNONREF", ":86:REWE Markt", ":61:2603030303C100,00NTRFNONREF", ":86:Refund"],
    "C260303EUR87,70",
  ),
  mt940(IBAN_B, [":61:2601150115D40,00NTRFNONREF", ":86:Insurance"], "C260115EUR460,00"),
  mt940(IBAN_C, [":61:2603040304D5,00NTRFNONREF", ":86:Kiosk"], "D260304EUR5,00"),
].join("");

async function upload(
  accountId: string,
  content: string,
  statementChoice: StatementChoice = {},
  into = workspace,
  name = "several.sta",
) {
  const bytes = Buffer.from(content, "latin1");
  const parsed = await parseStatementFile(bytes, name, { defaultCurrencyCode: "EUR" });
  const file = { name, bytes, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
  return createImport(
    { db, workspace: into, userId, sideEffects: new SideEffects() },
    { accountId, file, parsed, statementChoice },
  );
}

const balanceOf = async (accountId: string) =>
  (await balancesOn(db, [accountId], "2026-12-31")).get(accountId)!.toString();

describe("a file of several accounts, from upload to booked transactions and back", () => {
  it("books each statement's rows to its account, moves each account's opening balance, and undoes all of it", async () => {
    const a = await newAccount({ balance: "100.00", date: "2026-01-01" }, IBAN_A);
    const b = await newAccount({ balance: "500.00", date: "2026-02-01" }, IBAN_B);
    const job = await upload(a.id, FILE);

    expect(job.attributes.status).toBe("parsed");
    expect(job.attributes.statements).toEqual([
      expect.objectContaining({
        account: IBAN_A,
        account_id: a.id,
        matched_by: "import_account",
        transaction_count: 2,
      }),
      expect.objectContaining({ account: IBAN_B, account_id: b.id, matched_by: "identifier", transaction_count: 1 }),
      expect.objectContaining({ account: IBAN_C, account_id: null, matched_by: null, transaction_count: 1 }),
    ]);
    expect(job.attributes.warnings).toContainEqual(
      expect.stringContaining(`The statement of ${IBAN_C} (1 transactions) was left out`),
    );
    expect(job.attributes.preview.map((row) => [row.row, row.amount, row.account_id, row.state])).toEqual([
      [1, "-12.30", a.id, "new"],
      [2, "100.00", a.id, "new"],
      [3, "-40.00", b.id, "pre_opening"],
    ]);
    // B's row is dated before its opening date: its statement's closing balance (460.00 on 2026-01-15) is the target.
    expect(job.attributes.opening_balance_adjusted).toEqual([
      expect.objectContaining({
        account_id: b.id,
        target_balance: "460.00",
        new_opening_balance: "500.00",
        new_opening_balance_date: "2026-01-15",
      }),
    ]);

    await confirmImport({ db, workspace, sideEffects: new SideEffects() }, job.id, { skipDuplicates: true });
    expect(await drainImports(db)).toBe(1);
    const done = await getImport({ db, workspace }, job.id);
    expect(done.attributes).toMatchObject({ status: "completed", imported_count: 3, skipped_count: 0, error_count: 0 });
    expect(await balanceOf(a.id)).toBe("187.7");
    expect(await balanceOf(b.id)).toBe("460");
    const booked = await db.prisma.transaction.groupBy({
      by: ["accountId"],
      where: { importJobId: job.id },
      _count: true,
    });
    expect(Object.fromEntries(booked.map((group) => [group.accountId, group._count]))).toEqual({
      [a.id]: 2,
      [b.id]: 1,
    });
    // Listed for B too, whose rows came from A's upload; not for an account it left alone.
    const listedFor = async (accountId: string) =>
      (await listImports({ db, workspace }, { page: 1, limit: 50, accountId })).items.map((item) => item.id);
    expect(await listedFor(b.id)).toContain(job.id);
    expect(await listedFor(randomUUID())).toEqual([]);

    await revertImport({ db, workspace, sideEffects: new SideEffects() }, job.id, { force: false });
    expect(await balanceOf(a.id)).toBe("100");
    expect(await balanceOf(b.id)).toBe("500");
    const restored = await db.prisma.account.findUniqueOrThrow({ where: { id: b.id } });
    expect(restored.openingBalanceDate).toEqual(dayToDate("2026-02-01"));
  });

  it("keeps a file whose statements match no account as needs_input until account_map names them", async () => {
    // A workspace none of whose accounts has a number the file names.
    const { workspace } = await createTestWorkspace(db, { name: "No numbers" });
    const a = await newAccount({ balance: "0.00", date: "2026-01-01" }, null, workspace);
    // C opens after its row of 2026-03-04: the row is pre_opening against C, not against A.
    const c = await newAccount({ balance: "0.00", date: "2026-03-10" }, null, workspace);
    const job = await upload(a.id, FILE, {}, workspace);
    expect(job.attributes.status).toBe("needs_input");
    expect(job.attributes.parse_options.account_map_required).toBe(true);
    expect(job.attributes.total_rows).toBe(0);
    expect(job.attributes.statements.map((each) => each.account_id)).toEqual([null, null, null]);
    await expect(
      confirmImport({ db, workspace, sideEffects: new SideEffects() }, job.id, { skipDuplicates: true }),
    ).rejects.toThrow(/parse_options.account_map naming each statement's account/);

    const again = await readImportAgain(
      { db, workspace },
      job.id,
      {},
      { accountMap: { [IBAN_A]: a.id, [IBAN_C]: c.id } },
    );
    const read = await reparseImport({ db, workspace, sideEffects: new SideEffects() }, again);
    expect(read.attributes.status).toBe("parsed");
    expect(read.attributes.parse_options).toMatchObject({
      account_map: { [IBAN_A]: a.id, [IBAN_C]: c.id },
      account_map_required: false,
    });
    expect(read.attributes.preview.map((row) => [row.row, row.account_id])).toEqual([
      [1, a.id],
      [2, a.id],
      [4, c.id],
    ]);

    // A duplicate verdict flipped on another account's row uses that account's opening date.
    await editPreviewRows({ db, workspace }, job.id, [{ row: 4, duplicate: true }]);
    await editPreviewRows({ db, workspace }, job.id, [{ row: 4, duplicate: false }]);
    const edited = await getImport({ db, workspace }, job.id);
    expect(edited.attributes.preview.find((row) => row.row === 4)).toMatchObject({
      state: "pre_opening",
      account_id: c.id,
    });

    await confirmImport({ db, workspace, sideEffects: new SideEffects() }, job.id, { skipDuplicates: true });
    expect(await drainImports(db)).toBe(1);
    expect(await balanceOf(a.id)).toBe("87.7");
    expect(await balanceOf(c.id)).toBe("-5");
  });

  it("splits an app's CSV export of several accounts by its account column, and books each to the account mapped", async () => {
    const { workspace } = await createTestWorkspace(db, { name: "App export" });
    const cash = await newAccount({ balance: "0.00", date: "2026-01-01" }, null, workspace);
    const card = await newAccount({ balance: "0.00", date: "2026-01-01" }, null, workspace);
    const csv = [
      "date,account,category,amount,currency,description",
      "02/03/2026,Cash,Food,-12.50,EUR,Pizza",
      "03/03/2026,Payment card,Salary,2000.00,EUR,January salary",
      "04/03/2026,Cash,Transfer,200.00,EUR,From card",
      "04/03/2026,Payment card,Transfer,-200.00,EUR,To cash",
    ].join("\n");
    const job = await upload(cash.id, csv, {}, workspace, "export.csv");
    expect(job.attributes.status).toBe("needs_input");
    expect(job.attributes.statements.map((each) => [each.account, each.transaction_count, each.account_id])).toEqual([
      ["Cash", 2, null],
      ["Payment card", 2, null],
    ]);
    const again = await readImportAgain(
      { db, workspace },
      job.id,
      {},
      { accountMap: { cash: cash.id, "payment card": card.id } },
    );
    const read = await reparseImport({ db, workspace, sideEffects: new SideEffects() }, again);
    expect(read.attributes.preview.map((row) => [row.row, row.amount, row.account_id])).toEqual([
      [1, "-12.50", cash.id],
      [2, "2000.00", card.id],
      [3, "200.00", cash.id],
      [4, "-200.00", card.id],
    ]);
    await confirmImport({ db, workspace, sideEffects: new SideEffects() }, job.id, { skipDuplicates: true });
    expect(await drainImports(db)).toBe(1);
    expect([await balanceOf(cash.id), await balanceOf(card.id)]).toEqual(["187.5", "1800"]);
  });

  it("routes the statements an export names by account to the accounts of those names, without account_map", async () => {
    const { workspace } = await createTestWorkspace(db, { name: "Named accounts" });
    const named = async (name: string) => {
      const wallet = await db.prisma.wallet.create({ data: { workspaceId: workspace.id, name } });
      return db.prisma.account.create({
        data: { workspaceId: workspace.id, walletId: wallet.id, currencyId: workspace.homeCurrencyId },
      });
    };
    const cash = await named("Cash");
    const card = await named("Payment Card");
    const csv = [
      "date,account,amount,description",
      "02/03/2026,Cash,-12.50,Pizza",
      "03/03/2026,payment  card,2000.00,Salary",
      "04/03/2026,Brokerage,-5.00,Fee",
    ].join("\n");
    const job = await upload(cash.id, csv, {}, workspace, "export.csv");
    expect(job.attributes.status).toBe("parsed");
    expect(job.attributes.statements.map((each) => [each.account, each.account_id, each.matched_by])).toEqual([
      ["Cash", cash.id, "import_account"],
      ["payment card", card.id, "account_name"],
      ["Brokerage", null, null],
    ]);
    expect(job.attributes.preview.map((row) => [row.row, row.account_id])).toEqual([
      [1, cash.id],
      [2, card.id],
    ]);
  });

  it("answers an account_map naming another workspace's account as not found", async () => {
    const a = await newAccount({ balance: "0.00", date: "2026-01-01" }, IBAN_A);
    const other = await createTestWorkspace(db, { name: "Elsewhere" });
    const theirs = await newAccount({ balance: "0.00", date: "2026-01-01" }, null, other.workspace);
    await expect(upload(a.id, FILE, { accountMap: { [IBAN_C]: theirs.id } })).rejects.toMatchObject({
      code: "RESOURCE_NOT_FOUND",
      message: `parse_options.account_map: no active asset account with id ${theirs.id} exists in the token's workspace.`,
    });
  });

  it("judges the rows of two statements sent to one account together: a row both repeat is a duplicate", async () => {
    const { workspace } = await createTestWorkspace(db, { name: "One account, two statements" });
    const a = await newAccount({ balance: "0.00", date: "2026-01-01" }, null, workspace);
    const same = [":61:2603040304D5,00NTRFNONREF", ":86:Kiosk"];
    const file = mt940(IBAN_B, same, "D260304EUR5,00") + mt940(IBAN_C, same, "D260304EUR5,00");
    const job = await upload(a.id, file, { accountMap: { [IBAN_B]: a.id, [IBAN_C]: a.id } }, workspace);
    expect(job.attributes.preview.map((row) => [row.row, row.state, row.duplicate_reason])).toEqual([
      [1, "new", null],
      [2, "duplicate", "repeated_in_file"],
    ]);
  });

  it("reads a statement whose file does not say its currency in the currency of the account it goes to", async () => {
    const { workspace } = await createTestWorkspace(db, { name: "Two currencies", home: "EUR" });
    const euros = await newAccount({ balance: "0.00", date: "2026-01-01" }, null, workspace);
    const dollars = await db.prisma.account.create({
      data: {
        workspaceId: workspace.id,
        walletId: (await db.prisma.wallet.create({ data: { workspaceId: workspace.id, name: "Dollars" } })).id,
        currencyId: db.currencies.get("USD")!,
        openingBalance: "0",
        openingBalanceDate: dayToDate("2026-01-01"),
      },
    });
    // QIF never says a currency: the reader writes in the import account's (EUR).
    const qif = [
      "!Account",
      "NChecking",
      "TBank",
      "^",
      "!Type:Bank",
      "D03/02/2026",
      "T-12.30",
      "PBakery",
      "^",
      "!Account",
      "NTravel",
      "TBank",
      "^",
      "!Type:Bank",
      "D03/05/2026",
      "T-40.00",
      "PHotel",
      "^",
      "",
    ].join("\n");
    const job = await upload(
      euros.id,
      qif,
      { accountMap: { Checking: euros.id, Travel: dollars.id } },
      workspace,
      "two.qif",
    );
    expect(job.attributes.statements.map((each) => [each.account, each.currency_code, each.account_id])).toEqual([
      ["Checking", null, euros.id],
      ["Travel", null, dollars.id],
    ]);
    expect(job.attributes.preview.map((row) => [row.amount, row.currency_code, row.state])).toEqual([
      ["-12.30", "EUR", "new"],
      ["-40.00", "USD", "new"],
    ]);
  });

  it("refuses to confirm an import one of whose accounts was archived since, naming it", async () => {
    const { workspace } = await createTestWorkspace(db, { name: "Archived since" });
    const a = await newAccount({ balance: "0.00", date: "2026-01-01" }, IBAN_A, workspace);
    const b = await newAccount({ balance: "0.00", date: "2026-01-01" }, IBAN_B, workspace);
    const job = await upload(a.id, FILE, {}, workspace);
    await db.prisma.wallet.update({ where: { id: b.walletId }, data: { archivedAt: new Date() } });
    await expect(
      confirmImport({ db, workspace, sideEffects: new SideEffects() }, job.id, { skipDuplicates: true }),
    ).rejects.toMatchObject({ code: "IMPORT_STATE_CONFLICT", message: expect.stringContaining(b.id) });
    expect((await getImport({ db, workspace }, job.id)).attributes.status).toBe("parsed");
  });
});
