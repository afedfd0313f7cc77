import { accountName } from "../accounts/list-accounts";
import { currencyCatalogue } from "../money/currencies";
import type { WorkspaceContext } from "../workspace-context";

/** What the planning forms offer to choose from: usable accounts, wallets, categories, currencies. */

/** Active accounts of asset wallets that are not archived, named like the accounts list. */
export async function accountChoices({ db, workspace }: WorkspaceContext) {
  const [rows, currencies] = await Promise.all([
    db.prisma.account.findMany({
      where: { workspaceId: workspace.id, active: true, wallet: { accountType: "asset", archivedAt: null } },
      select: {
        id: true,
        currencyId: true,
        walletId: true,
        wallet: { select: { name: true, _count: { select: { accounts: true } } } },
      },
      orderBy: [{ order: "asc" }, { wallet: { name: "asc" } }, { id: "asc" }],
    }),
    currencyCatalogue(db),
  ]);
  return rows.map((row) => {
    const currency = currencies.get(row.currencyId)!;
    return {
      id: row.id,
      name: accountName(row.wallet.name, row.wallet._count.accounts, currency.code),
      wallet_id: row.walletId,
      currency_id: currency.id,
      currency_code: currency.code,
      decimal_places: currency.decimalPlaces,
    };
  });
}

/** Wallets that are not archived (any type: a goal may follow a loan being paid down too). */
export async function walletChoices({ db, workspace }: WorkspaceContext) {
  const rows = await db.prisma.wallet.findMany({
    where: { workspaceId: workspace.id, archivedAt: null },
    select: { id: true, name: true, type: true },
    orderBy: [{ order: "asc" }, { name: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => ({ id: row.id, name: row.name, type: row.type }));
}

/** Categories that are not archived, in list order. */
export async function categoryChoices({ db, workspace }: WorkspaceContext) {
  const rows = await db.prisma.category.findMany({
    where: { workspaceId: workspace.id, archivedAt: null },
    select: { id: true, name: true, accentColor: true },
    orderBy: [{ order: "asc" }, { name: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => ({ id: row.id, name: row.name, accent_color: row.accentColor }));
}

/** The currency catalogue by code, and the workspace's home currency. */
export async function currencyChoices({ db, workspace }: WorkspaceContext) {
  const currencies = [...(await currencyCatalogue(db)).values()].sort((a, b) => a.code.localeCompare(b.code));
  return {
    home_currency_id: workspace.homeCurrencyId,
    currencies: currencies.map((currency) => ({
      id: currency.id,
      code: currency.code,
      symbol: currency.symbol,
      decimal_places: currency.decimalPlaces,
    })),
  };
}
