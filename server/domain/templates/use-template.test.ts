import { describe, expect, it } from "vitest";
import { dateToDay } from "../time/calendar";
import { expectAppError } from "../manage-testing";
import { useTemplateWorkspaces } from "./testing";

const w = useTemplateWorkspaces();

describe("creating transactions from a template", () => {
  it("books an expense as a negative amount on the source wallet's account and counts the use", async () => {
    const saved = await w.template(w.mine, {
      direction: "expense",
      sourceWalletId: w.mine.checking.walletId,
      categoryId: w.mine.groceries,
      amountMinor: 1230n,
      currency: "EUR",
    });
    const now = new Date("2026-03-10T08:00:00.000Z");
    const result = await w.use(
      w.mine,
      { id: saved.id, category_id: w.mine.groceries, notes: "from the template" },
      now,
    );

    expect(result.transactions).toHaveLength(1);
    const booked = await w.db.prisma.transaction.findUniqueOrThrow({ where: { id: result.transactions[0]!.id } });
    expect(booked.accountId).toBe(w.mine.checking.eur);
    expect(booked.type).toBe("expense");
    expect(booked.amount.toFixed(2)).toBe("-12.30");
    expect(dateToDay(booked.date)).toBe("2026-03-10");
    expect([booked.categoryId, booked.templateId, booked.description, booked.notes, booked.tags]).toEqual([
      w.mine.groceries,
      saved.id,
      "Weekly shop",
      "from the template",
      ["t"],
    ]);
    expect(result.template).toEqual({ id: saved.id, usage_count: 1, last_used_at: now.toISOString() });
    expect((await w.usage(saved.id)).lastUsedAt?.toISOString()).toBe(now.toISOString());

    const again = await w.use(w.mine, { id: saved.id, amount: "7.05" });
    expect(again.template.usage_count).toBe(2);
    expect(again.transactions[0]!.amount).toBe("-7.05");
  });

  it("picks the wallet's account in the template's currency, else its first account", async () => {
    const inEur = await w.template(w.mine, {
      direction: "expense",
      sourceWalletId: w.mine.travel.walletId,
      currency: "EUR",
    });
    expect((await w.use(w.mine, { id: inEur.id })).transactions[0]!.account_id).toBe(w.mine.travel.eur);
    const noCurrency = await w.template(w.mine, { direction: "expense", sourceWalletId: w.mine.travel.walletId });
    expect((await w.use(w.mine, { id: noCurrency.id })).transactions[0]!.account_id).toBe(w.mine.travel.usd);
    // A chosen account wins over the template's wallet.
    expect(
      (await w.use(w.mine, { id: inEur.id, source_account_id: w.mine.checking.eur })).transactions[0]!.account_id,
    ).toBe(w.mine.checking.eur);
  });

  it("books income as a positive amount on the target wallet's account", async () => {
    const saved = await w.template(w.mine, {
      direction: "income",
      targetWalletId: w.mine.checking.walletId,
      amountMinor: 250000n,
      currency: "EUR",
    });
    const result = await w.use(w.mine, { id: saved.id, amount: "2500.00", description: "Salary" });
    expect(result.transactions).toEqual([
      {
        id: expect.any(String),
        account_id: w.mine.checking.eur,
        amount: "2500.00",
        currency_code: "EUR",
        transfer_peer_id: null,
      },
    ]);
    const booked = await w.db.prisma.transaction.findUniqueOrThrow({ where: { id: result.transactions[0]!.id } });
    expect([booked.type, booked.amount.toFixed(2)]).toEqual(["income", "2500.00"]);
  });

  it("books a transfer as two rows that point at each other", async () => {
    const saved = await w.transferTemplate(w.mine);
    const result = await w.use(w.mine, { id: saved.id, amount: "100.00", description: "Travel money" });
    const [out, into] = result.transactions;
    expect(out).toMatchObject({ account_id: w.mine.checking.eur, amount: "-100.00", transfer_peer_id: into!.id });
    expect(into).toMatchObject({ account_id: w.mine.travel.eur, amount: "100.00", transfer_peer_id: out!.id });
    const rows = await w.db.prisma.transaction.findMany({ where: { id: { in: [out!.id, into!.id] } } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(out!.id)).toMatchObject({
      type: "transfer",
      transferPeerId: into!.id,
      categoryId: null,
      foreignAmount: null,
    });
    expect(byId.get(into!.id)).toMatchObject({ type: "transfer", transferPeerId: out!.id, categoryId: null });
    expect(result.template.usage_count).toBe(1);
  });

  it("asks for the received amount of a transfer between currencies and records both sides", async () => {
    const saved = await w.template(w.mine, {
      direction: "transfer",
      sourceWalletId: w.mine.checking.walletId,
      targetWalletId: w.mine.travel.walletId,
    });
    await expectAppError(
      w.use(w.mine, { id: saved.id, target_account_id: w.mine.travel.usd }),
      "VALIDATION_FAILED",
      /received_amount: is required/,
    );
    const result = await w.use(w.mine, {
      id: saved.id,
      target_account_id: w.mine.travel.usd,
      amount: "100.00",
      received_amount: "108.50",
    });
    const into = await w.db.prisma.transaction.findUniqueOrThrow({ where: { id: result.transactions[1]!.id } });
    expect([into.amount.toFixed(2), into.foreignAmount?.toFixed(2), into.foreignCurrencyId]).toEqual([
      "108.50",
      "100.00",
      w.db.currencies.get("EUR"),
    ]);
    expect(result.transactions.map((row) => row.amount)).toEqual(["-100.00", "108.50"]);
  });
});
