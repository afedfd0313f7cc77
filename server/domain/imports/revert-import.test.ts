import { createHash, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { drainImports } from "../../jobs/import-worker";
import { createTestWorkspace, useTestDatabase } from "../../testing/fixtures";
import { balancesOn } from "../accounts/balances";
import { workspaceDataVersion } from "../data-version/data-version";
import type { WorkspaceRef } from "../identity/authenticate";
import { Decimal } from "../money/money";
import { SideEffects } from "../side-effects/side-effects";
import { dateToDay, dayToDate } from "../time/calendar";
import { confirmImport, getImport } from "./confirm-import";
import { createImport } from "./create-import";
import { parseStatementFile } from "./parse-file";
import { revertImport } from "./revert-import";

const db = useTestDatabase();
let workspace: WorkspaceRef;
let otherWorkspace: WorkspaceRef;
let userId: string;

beforeAll(async () => {
  ({ workspace, userId } = await createTestWorkspace(db, { name: "Reverts", timezone: "Europe/Berlin" }));
  ({ workspace: otherWorkspace } = await createTestWorkspace(db, { name: "Someone else", timezone: "Europe/Berlin" }));
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

async function book(id: string, adjustOpeningBalance = true) {
  await confirmImport({ db: db, workspace, sideEffects: new SideEffects() }, id, {
    skipDuplicates: true,
    adjustOpeningBalance,
  });
  await drainImports(db);
  return (await getImport({ db: db, workspace }, id)).attributes;
}

async function revert(id: string, force = false, as = workspace) {
  const sideEffects = new SideEffects();
  const job = await db.transaction((tx) => revertImport({ db: tx, workspace: as, sideEffects }, id, { force }));
  return { job, sideEffects: sideEffects.list() };
}

/** Makes the imported row `outgoingId` the outgoing half of a transfer into `accountId`; answers the incoming half. */
async function makeTransfer(
  outgoingId: string,
  accountId: string,
  incoming: { date: string; amount: string; reconciled?: boolean },
) {
  const other = await db.prisma.transaction.create({
    data: {
      workspaceId: workspace.id,
      accountId,
      currencyId: workspace.homeCurrencyId,
      type: "transfer",
      date: dayToDate(incoming.date),
      amount: incoming.amount,
      description: "Transfer",
      transferPeerId: outgoingId,
      ...(incoming.reconciled ? { cleared: true, reconciled: true } : {}),
    },
  });
  await db.prisma.transaction.update({
    where: { id: outgoingId },
    data: { transferPeerId: other.id, type: "transfer" },
  });
  return other;
}

/** The error a revert answered, or null when it went through. */
const refusedRevert = (id: string, force = false) =>
  revert(id, force).then(
    () => null,
    (error: Error & { code?: string }) => error,
  );

async function opening(accountId: string) {
  const account = await db.prisma.account.findUniqueOrThrow({ where: { id: accountId } });
  return {
    balance: new Decimal(account.openingBalance.toString()).toFixed(2),
    date: dateToDay(account.openingBalanceDate!),
  };
}

const balanceOn = async (accountId: string, day: string) =>
  (await balancesOn(db, [accountId], day)).get(accountId)!.toFixed(2);

const IBAN = "DE44500105175407324931";
// Two rows before the account's opening date (2026-03-10), one after; the bank says 1230.00 on 2026-03-15.
const OFX = [
  "OFXHEADER:100",
  "DATA:OFXSGML",
  "VERSION:102",
  "",
  "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR",
  `<BANKACCTFROM><BANKID>50010517<ACCTID>${IBAN}<ACCTTYPE>CHECKING</BANKACCTFROM>`,
  "<BANKTRANLIST><DTSTART>20260301<DTEND>20260315",
  "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260303<TRNAMT>-20.00<FITID>R1<NAME>Bakery</STMTTRN>",
  "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260305<TRNAMT>-50.00<FITID>R2<NAME>Shop</STMTTRN>",
  "<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260312<TRNAMT>200.00<FITID>R3<NAME>Refund</STMTTRN>",
  "</BANKTRANLIST><LEDGERBAL><BALAMT>1230.00<DTASOF>20260315</LEDGERBAL>",
  "</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>",
].join("\n");

describe("reverting a completed import", () => {
  it("removes its transactions and puts the opening balance, its date and every balance back exactly", async () => {
    const account = await newAccount({ balance: "1000.00", date: "2026-03-10" }, IBAN);
    // A transaction of the person's own, which the revert must leave alone.
    await db.prisma.transaction.create({
      data: {
        workspaceId: workspace.id,
        accountId: account.id,
        currencyId: workspace.homeCurrencyId,
        type: "expense",
        date: dayToDate("2026-03-11"),
        amount: "-15.00",
        description: "Cash",
      },
    });
    const before = {
      opening: await opening(account.id),
      on15th: await balanceOn(account.id, "2026-03-15"),
      on31st: await balanceOn(account.id, "2026-03-31"),
    };
    expect(before).toEqual({ opening: { balance: "1000.00", date: "2026-03-10" }, on15th: "985.00", on31st: "985.00" });

    const job = await upload(account.id, "march.ofx", OFX);
    const done = await book(job.id);
    // 1230.00 on the 15th = opening + (-20 - 50 - 15 + 200): the opening balance becomes 1115.00 on 2026-03-03.
    expect(done.opening_balance_adjusted).toEqual([
      expect.objectContaining({
        old_opening_balance: "1000.00",
        new_opening_balance: "1115.00",
        new_opening_balance_date: "2026-03-03",
      }),
    ]);
    expect(await opening(account.id)).toEqual({ balance: "1115.00", date: "2026-03-03" });
    expect(await balanceOn(account.id, "2026-03-15")).toBe("1230.00");
    const version = await workspaceDataVersion({ db, workspace });

    const { job: reverted, sideEffects } = await revert(job.id);
    expect(reverted.attributes.status).toBe("reverted");
    expect(Date.parse(reverted.attributes.reverted_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(await opening(account.id)).toEqual(before.opening);
    expect([await balanceOn(account.id, "2026-03-15"), await balanceOn(account.id, "2026-03-31")]).toEqual([
      before.on15th,
      before.on31st,
    ]);
    expect(await db.prisma.transaction.count({ where: { accountId: account.id } })).toBe(1);
    // Balances, reports and duplicate detection read the new data version at once.
    expect(await workspaceDataVersion({ db, workspace })).not.toBe(version);

    const deletes = sideEffects.filter((entry) => entry.domain === "transactions");
    expect(deletes).toHaveLength(3);
    expect(deletes.every((entry) => entry.action === "delete" && entry.data.import_job_id === job.id)).toBe(true);
    expect(sideEffects.find((entry) => entry.domain === "accounts")).toEqual({
      domain: "accounts",
      id: account.id,
      action: "upsert",
      data: {
        current_balance: "985.00",
        opening_balance: "1000.00",
        opening_balance_date: "2026-03-10",
        opening_balance_restored: true,
      },
    });
    expect(sideEffects.find((entry) => entry.domain === "wallets")).toMatchObject({
      id: account.walletId,
      action: "upsert",
    });
    expect(sideEffects.find((entry) => entry.domain === "import_jobs")).toMatchObject({
      id: job.id,
      data: { status: "reverted", transactions_deleted: 3 },
    });

    // The same file again is new, not a duplicate of what was reverted.
    const again = await upload(account.id, "march.ofx", OFX);
    expect(again.attributes.preview.map((row) => row.state)).toEqual(["pre_opening", "pre_opening", "new"]);
  });

  it("answers 409 to a second revert and to an import that is not completed, 404 to another workspace", async () => {
    const account = await newAccount({ balance: "0.00", date: "2026-01-01" });
    const csv = "Date;Description;Amount\n2026-03-01;REWE;-12,30\n";
    const parsed = await upload(account.id, "a.csv", csv);
    await expect(revert(parsed.id)).rejects.toMatchObject({
      code: "IMPORT_STATE_CONFLICT",
      message: expect.stringContaining("parsed"),
    });
    await book(parsed.id);
    await expect(revert(parsed.id, false, otherWorkspace)).rejects.toMatchObject({ code: "RESOURCE_NOT_FOUND" });
    await revert(parsed.id);
    await expect(revert(parsed.id)).rejects.toMatchObject({
      code: "IMPORT_STATE_CONFLICT",
      message: expect.stringContaining("reverted"),
    });
    expect((await getImport({ db: db, workspace }, parsed.id)).attributes.status).toBe("reverted");
  });

  it("refuses to drop rows edited or in a transfer unless forced, naming them; forced, removes them with the transfer's other side", async () => {
    const account = await newAccount({ balance: "0.00", date: "2026-01-01" });
    const savings = await newAccount({ balance: "0.00", date: "2026-01-01" });
    const job = await upload(
      account.id,
      "b.csv",
      "Date;Description;Amount\n2026-03-01;REWE;-12,30\n2026-03-02;To savings;-100,00\n2026-03-03;Kiosk;-2,00\n",
    );
    await book(job.id);
    const [rewe, toSavings] = await db.prisma.transaction.findMany({
      where: { importJobId: job.id },
      orderBy: { date: "asc" },
    });
    await db.prisma.transaction.update({ where: { id: rewe!.id }, data: { notes: "groceries for the party" } });
    // The imported row became the outgoing half of a transfer to savings.
    const incoming = await makeTransfer(toSavings!.id, savings.id, { date: "2026-03-02", amount: "100.00" });

    const refused = await refusedRevert(job.id);
    expect(refused?.code).toBe("IMPORT_STATE_CONFLICT");
    const message = refused!.message;
    expect(message).toContain(`edited or categorised since the import: ${rewe!.id}`);
    expect(message).toContain(toSavings!.id);
    expect(message).toContain('{"force": true}');
    // Nothing happened: still completed, every row still there.
    expect((await getImport({ db: db, workspace }, job.id)).attributes.status).toBe("completed");
    expect(await db.prisma.transaction.count({ where: { importJobId: job.id } })).toBe(3);

    const { sideEffects } = await revert(job.id, true);
    expect(await db.prisma.transaction.count({ where: { accountId: { in: [account.id, savings.id] } } })).toBe(0);
    expect(sideEffects.find((entry) => entry.id === rewe!.id)?.data).toMatchObject({ edited_since_import: true });
    expect(sideEffects.find((entry) => entry.id === incoming.id)).toMatchObject({
      domain: "transactions",
      action: "delete",
      data: { account_id: savings.id, transfer_peer_of_import: job.id },
    });
    expect(sideEffects.find((entry) => entry.domain === "accounts" && entry.id === savings.id)?.data).toMatchObject({
      current_balance: "0.00",
    });
  });

  it("refuses, forced or not, while a row is reconciled, naming it and saying to unlock it first", async () => {
    const account = await newAccount({ balance: "0.00", date: "2026-01-01" });
    const job = await upload(
      account.id,
      "r.csv",
      "Date;Description;Amount\n2026-03-01;REWE;-12,30\n2026-03-03;Kiosk;-2,00\n",
    );
    await book(job.id);
    const [rewe] = await db.prisma.transaction.findMany({ where: { importJobId: job.id }, orderBy: { date: "asc" } });
    // Reconciling locks the cleared rows (and moves their updated_at: no edit of the person's).
    await db.prisma.transaction.update({ where: { id: rewe!.id }, data: { cleared: true, reconciled: true } });
    for (const force of [false, true]) {
      const refused = await refusedRevert(job.id, force);
      expect([force, refused?.code]).toEqual([force, "TRANSACTION_RECONCILED"]);
      expect(refused!.message).toContain(`1 transaction(s) this revert would remove are reconciled (${rewe!.id};`);
      expect(refused!.message).toContain("unlock them (reconciled: false)");
    }
    expect((await getImport({ db: db, workspace }, job.id)).attributes.status).toBe("completed");
    expect(await db.prisma.transaction.count({ where: { importJobId: job.id } })).toBe(2);

    // Unlocked, but the other row became half of a transfer whose other side is reconciled.
    await db.prisma.transaction.update({ where: { id: rewe!.id }, data: { reconciled: false } });
    const savings = await newAccount({ balance: "0.00", date: "2026-01-01" });
    const kiosk = (
      await db.prisma.transaction.findMany({ where: { importJobId: job.id }, orderBy: { date: "asc" } })
    )[1]!;
    const incoming = await makeTransfer(kiosk.id, savings.id, { date: "2026-03-03", amount: "2.00", reconciled: true });
    for (const force of [false, true]) {
      const refused = await refusedRevert(job.id, force);
      expect([force, refused?.code, refused?.message]).toEqual([
        force,
        "TRANSACTION_RECONCILED",
        expect.stringContaining(`(${incoming.id};`),
      ]);
    }
  });

  it("leaves an opening balance the person set since as it is", async () => {
    const account = await newAccount({ balance: "1000.00", date: "2026-03-10" }, IBAN);
    const job = await upload(account.id, "march.ofx", OFX);
    await book(job.id);
    await db.prisma.account.update({ where: { id: account.id }, data: { openingBalance: "900.00" } });
    const { sideEffects } = await revert(job.id);
    expect(await opening(account.id)).toEqual({ balance: "900.00", date: "2026-03-03" });
    expect(sideEffects.find((entry) => entry.domain === "accounts")?.data).toMatchObject({
      opening_balance_restored: false,
    });
    expect(sideEffects.some((entry) => entry.domain === "wallets")).toBe(false);
  });
});

describe("the opening balance adjustment is a proposal", () => {
  it("declined at confirm: the opening balance stays, every row is booked, and the completed job shows no adjustment", async () => {
    const account = await newAccount({ balance: "1000.00", date: "2026-03-10" }, IBAN);
    const job = await upload(account.id, "march.ofx", OFX);
    expect(job.attributes.opening_balance_adjusted).toEqual([
      expect.objectContaining({ new_opening_balance: "1100.00" }),
    ]);
    const done = await book(job.id, false);
    expect(done).toMatchObject({ status: "completed", imported_count: 3, opening_balance_adjusted: [] });
    expect(await opening(account.id)).toEqual({ balance: "1000.00", date: "2026-03-10" });
    // Rows before the opening date are booked but, as the opening balance says, not part of the balance.
    expect(await balanceOn(account.id, "2026-03-15")).toBe("1200.00");
    expect((await db.prisma.importJob.findUniqueOrThrow({ where: { id: job.id } })).adjustOpeningBalance).toBe(false);

    const { sideEffects } = await revert(job.id);
    expect(await opening(account.id)).toEqual({ balance: "1000.00", date: "2026-03-10" });
    expect(await balanceOn(account.id, "2026-03-15")).toBe("1000.00");
    expect(sideEffects.find((entry) => entry.domain === "accounts")?.data).not.toHaveProperty(
      "opening_balance_restored",
    );
  });
});
