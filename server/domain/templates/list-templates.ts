import { accountName } from "../accounts/list-accounts";
import { currencyCatalogue } from "../money/currencies";
import { Decimal } from "../money/money";
import type { WorkspaceContext } from "../workspace-context";
import { templateViews, type TemplateView } from "./template-view";
import { bookingAccountsOrder, defaultAccount } from "./use-template";

const MAX_TEMPLATES = 200;

/** What "Create transaction from template" starts with; null where the user has to choose. */
interface TemplatePrefill {
  source_account_id: string | null;
  target_account_id: string | null;
  /** amountMinor in the currency's places ("12.30"), or null without a default amount. */
  amount: string | null;
  /** The amount's currency: the template's, else that of the account the money moves on. */
  currency_code: string | null;
  category_id: string | null;
  description: string | null;
  notes: string | null;
}

export type TemplateWithPrefill = TemplateView & { prefill: TemplatePrefill };

/** Minor units as a decimal string with the currency's places: 1230 -> "12.30" (EUR), "1230" (JPY). */
function minorToAmount(minor: bigint, decimalPlaces: number): string {
  return new Decimal(minor.toString()).div(new Decimal(10).pow(decimalPlaces)).toFixed(decimalPlaces);
}

/** The workspace's templates, most recently created first, each with its dialog's defaults. */
export async function listTemplates({ db, workspace }: WorkspaceContext): Promise<TemplateWithPrefill[]> {
  const templates = await db.prisma.transactionTemplate.findMany({
    where: { workspaceId: workspace.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MAX_TEMPLATES,
  });
  const walletIds = [
    ...new Set(
      templates
        .flatMap((template) => [template.sourceWalletId, template.targetWalletId])
        .filter((id): id is string => id !== null),
    ),
  ];
  const [views, wallets, currencies] = await Promise.all([
    templateViews(db, templates),
    // Only wallets that take transactions prefill an account; for an archived one the user chooses.
    db.prisma.wallet.findMany({
      where: { id: { in: walletIds }, workspaceId: workspace.id, archivedAt: null, accountType: "asset" },
      include: {
        accounts: { where: { active: true }, orderBy: bookingAccountsOrder, select: { id: true, currencyId: true } },
      },
    }),
    currencyCatalogue(db),
  ]);
  const accountOf = (walletId: string | null, currencyId: string | null) =>
    defaultAccount(wallets.find((wallet) => wallet.id === walletId)?.accounts ?? [], currencyId) ?? null;

  return templates.map((template, index) => {
    const source = template.direction === "income" ? null : accountOf(template.sourceWalletId, template.currencyId);
    const target = template.direction === "expense" ? null : accountOf(template.targetWalletId, template.currencyId);
    // The amount is in the template's currency, else in that of the account the money moves on.
    const currencyId = template.currencyId ?? (source ?? target)?.currencyId ?? workspace.homeCurrencyId;
    const currency = currencies.get(currencyId);
    return {
      ...views[index]!,
      prefill: {
        source_account_id: source?.id ?? null,
        target_account_id: target?.id ?? null,
        amount:
          template.amountMinor === null ? null : minorToAmount(template.amountMinor, currency?.decimalPlaces ?? 2),
        currency_code: currency?.code ?? null,
        category_id: template.direction === "transfer" ? null : template.categoryId,
        description: template.description ?? template.name,
        notes: template.notes,
      },
    };
  });
}

/** What the template forms offer: active asset wallets with their accounts, active categories, currencies. */
export async function templateChoices({ db, workspace }: WorkspaceContext) {
  const [wallets, categories, currencies] = await Promise.all([
    db.prisma.wallet.findMany({
      where: { workspaceId: workspace.id, archivedAt: null, accountType: "asset" },
      orderBy: [{ order: "asc" }, { name: "asc" }, { id: "asc" }],
      include: {
        accounts: { where: { active: true }, orderBy: bookingAccountsOrder, select: { id: true, currencyId: true } },
      },
    }),
    db.prisma.category.findMany({
      where: { workspaceId: workspace.id, archivedAt: null },
      orderBy: [{ order: "asc" }, { name: "asc" }, { id: "asc" }],
      select: { id: true, name: true },
    }),
    db.prisma.currency.findMany({
      where: { enabled: true },
      orderBy: { code: "asc" },
      select: { code: true, decimalPlaces: true },
    }),
  ]);
  const catalogue = await currencyCatalogue(db);
  return {
    wallets: wallets.map((wallet) => ({
      id: wallet.id,
      name: wallet.name,
      accounts: wallet.accounts.map((account) => {
        const currency = catalogue.get(account.currencyId);
        const code = currency?.code ?? "";
        return {
          id: account.id,
          name: accountName(wallet.name, wallet.accounts.length, code),
          currency_code: code,
          decimal_places: currency?.decimalPlaces ?? 2,
        };
      }),
    })),
    categories,
    currencies: currencies.map((currency) => ({ code: currency.code.trim(), decimal_places: currency.decimalPlaces })),
  };
}

/** One page of the workspace's templates as the API shows them, newest first (then id), with the total. */
export async function templatesPage(
  { db, workspace }: WorkspaceContext,
  page: number,
  limit: number,
): Promise<{ items: TemplateView[]; total: number }> {
  const where = { workspaceId: workspace.id };
  const [rows, total] = await Promise.all([
    db.prisma.transactionTemplate.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * limit,
      take: limit,
    }),
    db.prisma.transactionTemplate.count({ where }),
  ]);
  return { items: await templateViews(db, rows), total };
}

/** The workspace's templates of `ids` as the API shows them. */
export async function templatesByIds({ db, workspace }: WorkspaceContext, ids: string[]): Promise<TemplateView[]> {
  const rows = await db.prisma.transactionTemplate.findMany({ where: { workspaceId: workspace.id, id: { in: ids } } });
  return templateViews(db, rows);
}
