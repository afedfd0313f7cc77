import { describe, expect, it } from "vitest";
import { expectAppError } from "../manage-testing";
import { useTemplateWorkspaces } from "./testing";

const w = useTemplateWorkspaces();

describe("creating transactions from a template", () => {
  it("answers 404 for another workspace's template, account or category, and books nothing", async () => {
    const theirs = await w.template(w.other, { direction: "expense", sourceWalletId: w.other.checking.walletId });
    await expectAppError(w.use(w.mine, { id: theirs.id }), "RESOURCE_NOT_FOUND");
    expect(await w.usage(theirs.id)).toEqual({ count: 0, lastUsedAt: null, booked: 0 });

    const saved = await w.template(w.mine, { direction: "expense", sourceWalletId: w.mine.checking.walletId });
    await expectAppError(
      w.use(w.mine, { id: saved.id, source_account_id: w.other.checking.eur }),
      "RESOURCE_NOT_FOUND",
      /source_account_id/,
    );
    await expectAppError(
      w.use(w.mine, { id: saved.id, category_id: w.other.groceries }),
      "RESOURCE_NOT_FOUND",
      /category_id/,
    );
    expect(await w.usage(saved.id)).toEqual({ count: 0, lastUsedAt: null, booked: 0 });
  });

  it("refuses an archived wallet with 422 and leaves the template's usage unchanged", async () => {
    const wallet = await w.db.prisma.wallet.create({ data: { workspaceId: w.mine.workspace.id, name: "Old bank" } });
    const account = await w.db.prisma.account.create({
      data: { workspaceId: w.mine.workspace.id, walletId: wallet.id, currencyId: w.db.currencies.get("EUR")! },
    });
    const saved = await w.template(w.mine, { direction: "expense", sourceWalletId: wallet.id, currency: "EUR" });
    await w.db.prisma.wallet.update({ where: { id: wallet.id }, data: { archivedAt: new Date() } });

    await expectAppError(w.use(w.mine, { id: saved.id }), "DOMAIN_CONSTRAINT_VIOLATION", /Old bank is archived/);
    await expectAppError(
      w.use(w.mine, { id: saved.id, source_account_id: account.id }),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /archived wallets take no new transactions/,
    );
    expect(await w.usage(saved.id)).toEqual({ count: 0, lastUsedAt: null, booked: 0 });
  });

  it("refuses what does not fit: a category on a transfer, one account twice, too many decimals", async () => {
    const transfer = await w.transferTemplate(w.mine);
    await expectAppError(
      w.use(w.mine, { id: transfer.id, category_id: w.mine.groceries }),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /category_id/,
    );
    await expectAppError(
      w.use(w.mine, { id: transfer.id, target_account_id: w.mine.checking.eur }),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /two different accounts/,
    );
    await expectAppError(
      w.use(w.mine, { id: transfer.id, amount: "1.234" }),
      "VALIDATION_FAILED",
      /amount: EUR amounts have at most 2 decimal places/,
    );
    expect(await w.usage(transfer.id)).toEqual({ count: 0, lastUsedAt: null, booked: 0 });

    const walletless = await w.template(w.mine, { direction: "expense", categoryId: w.mine.groceries });
    await expectAppError(
      w.use(w.mine, { id: walletless.id }),
      "VALIDATION_FAILED",
      /source_account_id: choose an account/,
    );
  });
});
