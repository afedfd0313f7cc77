import { currencyCatalogue, currencyObject } from "../money/currencies";
import { Decimal, formatMoney } from "../money/money";
import type { PageRequest } from "../pagination";
import { todayIn } from "../time/calendar";
import { listAccounts, type AccountView } from "../accounts/list-accounts";
import type { WorkspaceContext } from "../workspace-context";

const PAGE = 200;

/** Every account of the accounts list (endpoint 13), page by page. */
async function allAccounts(context: WorkspaceContext): Promise<AccountView[]> {
  const accounts: AccountView[] = [];
  for (let page = 1; ; page += 1) {
    const request: PageRequest = { mode: "page", page, limit: PAGE };
    const result = await listAccounts(context, request);
    accounts.push(...result.items);
    if (result.items.length < PAGE) return accounts;
  }
}

/**
 * Net worth today: the balances of the active accounts of wallets included in net worth, each
 * converted into the home currency at today's rate (the accounts list's `native_current_balance`,
 * so the figure is the one a script computes from endpoint 13). Accounts without a usable rate are
 * left out of the total and counted; the split per currency keeps them.
 */
export async function netWorth(context: WorkspaceContext) {
  const { db, workspace } = context;
  const home = (await currencyCatalogue(db)).get(workspace.homeCurrencyId)!;
  const included = (await allAccounts(context)).filter(({ attributes }) => attributes.include_net_worth);

  let total = new Decimal(0);
  let withoutRate = 0;
  const split = new Map<string, { code: string; places: number; amount: Decimal; home: Decimal | null }>();
  for (const { attributes: a } of included) {
    const entry = split.get(a.currency_code) ?? {
      code: a.currency_code,
      places: a.currency_decimal_places,
      amount: new Decimal(0),
      home: new Decimal(0),
    };
    entry.amount = entry.amount.plus(a.current_balance);
    if (a.native_current_balance === null) {
      withoutRate += 1;
      entry.home = null;
    } else {
      total = total.plus(a.native_current_balance);
      entry.home = entry.home?.plus(a.native_current_balance) ?? null;
    }
    split.set(a.currency_code, entry);
  }

  return {
    as_of: todayIn(workspace.timezone),
    currency: currencyObject(home),
    amount: formatMoney(total, home.decimalPlaces),
    accounts_counted: included.length - withoutRate,
    accounts_without_rate: withoutRate,
    per_currency: [...split.values()]
      .sort((a, b) => a.code.localeCompare(b.code))
      .map((entry) => ({
        currency_code: entry.code,
        amount: formatMoney(entry.amount, entry.places),
        home_amount: entry.home === null ? null : formatMoney(entry.home, home.decimalPlaces),
      })),
  };
}
