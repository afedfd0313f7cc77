import { describe, expect, it } from "vitest";
import { listTemplates } from "./list-templates";
import { useTemplateWorkspaces } from "./testing";

const w = useTemplateWorkspaces();

describe("the templates list's prefill", () => {
  it("starts the dialog with the accounts, the amount in the currency's places and the category", async () => {
    const world = await w.createWorld();
    const expense = await w.template(world, {
      direction: "expense",
      sourceWalletId: world.travel.walletId,
      categoryId: world.groceries,
      amountMinor: 1230n,
      currency: "EUR",
    });
    const yen = await w.template(world, {
      direction: "income",
      targetWalletId: world.checking.walletId,
      amountMinor: 1500n,
      currency: "JPY",
    });
    const transfer = await w.template(world, {
      direction: "transfer",
      sourceWalletId: world.checking.walletId,
      targetWalletId: world.travel.walletId,
      categoryId: world.groceries,
      amountMinor: 5n,
    });

    const listed = new Map(
      (await listTemplates({ db: w.db, workspace: world.workspace })).map((item) => [item.id, item]),
    );
    expect(listed.get(expense.id)!.prefill).toEqual({
      source_account_id: world.travel.eur,
      target_account_id: null,
      amount: "12.30",
      currency_code: "EUR",
      category_id: world.groceries,
      description: "Weekly shop",
      notes: "from the template",
    });
    expect(listed.get(yen.id)!.prefill).toMatchObject({
      source_account_id: null,
      target_account_id: world.checking.eur,
      amount: "1500",
      currency_code: "JPY",
    });
    expect(listed.get(transfer.id)!.prefill).toMatchObject({
      source_account_id: world.checking.eur,
      target_account_id: world.travel.usd,
      amount: "0.05",
      category_id: null,
    });
    expect(listed.get(expense.id)!.fields.sourceWallet?.currency_codes).toEqual(["EUR", "USD"]);
  });
});
