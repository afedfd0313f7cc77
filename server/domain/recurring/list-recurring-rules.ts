import type { Prisma, RecurringKind, RecurringStatus, TransactionType } from "../../db/generated/prisma/client";
import { iso } from "../time/timestamps";
import { accountName } from "../accounts/list-accounts";
import { currencyCatalogue, type CurrencyInfo } from "../money/currencies";
import { formatMoney } from "../money/money";
import { dateToDay, todayIn } from "../time/calendar";
import { creatorsOf, type CreatedBy } from "../users/created-by";
import { decodeListCursor, encodeListCursor } from "../list-cursor";
import { isUuid } from "../pagination";
import { nextOccurrence } from "./next-occurrence";
import type { WorkspaceContext } from "../workspace-context";

export interface RecurringRuleQuery {
  /** Page mode (with the total) unless `cursor` is given. */
  page: number;
  cursor?: string;
  limit: number;
  status?: RecurringStatus;
  type?: TransactionType;
  kind?: RecurringKind;
  /** The source account. */
  accountId?: string;
}

const accountInclude = { wallet: { select: { name: true, _count: { select: { accounts: true } } } } } as const;
const ruleInclude = {
  account: { include: accountInclude },
  destinationAccount: { include: accountInclude },
  category: { select: { name: true } },
} as const satisfies Prisma.RecurringRuleInclude;
type RuleRow = Prisma.RecurringRuleGetPayload<{ include: typeof ruleInclude }>;
type AccountRow = RuleRow["account"];

const day = (date: Date | null) => (date ? dateToDay(date) : null);

function displayName(account: AccountRow | null, currencies: Map<string, CurrencyInfo>): string | null {
  if (!account) return null;
  const code = currencies.get(account.currencyId)?.code ?? "";
  return accountName(account.wallet.name, account.wallet._count.accounts, code);
}

function toView(row: RuleRow, currencies: Map<string, CurrencyInfo>, today: string, createdBy: CreatedBy | null) {
  const currency = currencies.get(row.currencyId)!;
  const startDate = dateToDay(row.startDate);
  const endDate = day(row.endDate);
  return {
    id: row.id,
    created_by_user_id: row.createdByUserId,
    name: row.name,
    raw_name: row.rawName,
    is_system_seed: row.isSystemSeed,
    system_seed_key: row.systemSeedKey,
    system_seed_source: row.systemSeedSource,
    name_customized: row.nameCustomized,
    type: row.type,
    kind: row.kind,
    amount: formatMoney(row.amount.toString(), currency.decimalPlaces),
    currency_id: currency.id,
    currency_code: currency.code,
    currency_symbol: currency.symbol,
    account_id: row.accountId,
    account_name: displayName(row.account, currencies)!,
    destination_account_id: row.destinationAccountId,
    destination_account_name: displayName(row.destinationAccount, currencies),
    category_id: row.categoryId,
    category_name: row.category?.name ?? null,
    frequency: row.frequency,
    custom_interval_days: row.customIntervalDays,
    start_date: startDate,
    end_date: endDate,
    next_occurrence_date: nextOccurrence(
      { frequency: row.frequency, customIntervalDays: row.customIntervalDays, startDate, endDate, status: row.status },
      today,
    ),
    status: row.status,
    paused_at: iso(row.pausedAt),
    auto_create: row.autoCreate,
    catalog_item_id: row.catalogItemId,
    billing_url: row.billingUrl,
    icon: row.icon,
    icon_url: row.iconUrl,
    accent_color: row.accentColor,
    external_id: row.externalId,
    notes: row.notes,
    version: row.version,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    created_by: createdBy,
  };
}

export type RecurringRuleView = ReturnType<typeof toView>;

/** Endpoint 7: the workspace's recurring rules, filtered, by name then id, one page at a time. */
export async function listRecurringRules(
  { db, workspace, now = new Date() }: WorkspaceContext,
  query: RecurringRuleQuery,
): Promise<{ items: RecurringRuleView[]; total: number | null; nextCursor: string | null }> {
  const where: Prisma.RecurringRuleWhereInput = {
    workspaceId: workspace.id,
    ...(query.status ? { status: query.status } : {}),
    ...(query.type ? { type: query.type } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.accountId ? { accountId: query.accountId } : {}),
  };
  const filters = { status: query.status, type: query.type, kind: query.kind, accountId: query.accountId };
  const after = query.cursor
    ? decodeListCursor("recurring_rules", filters, query.cursor, [(name) => name.length <= 1_000, isUuid])
    : null;
  const [found, total] = await Promise.all([
    db.prisma.recurringRule.findMany({
      where: after
        ? { AND: [where, { OR: [{ name: { gt: after[0]! } }, { name: after[0]!, id: { gt: after[1]! } }] }] }
        : where,
      include: ruleInclude,
      orderBy: [{ name: "asc" }, { id: "asc" }],
      skip: after ? 0 : (query.page - 1) * query.limit,
      // One more than the page: whether a next page exists, without counting.
      take: query.limit + 1,
    }),
    after ? null : db.prisma.recurringRule.count({ where }),
  ]);
  const rows = found.slice(0, query.limit);
  const last = rows.at(-1);
  const nextCursor =
    found.length > query.limit && last ? encodeListCursor("recurring_rules", filters, [last.name, last.id]) : null;
  return { items: await recurringRuleViews({ db, workspace, now }, rows), total, nextCursor };
}

/** The workspace's recurring rules of `ids` (any status) as the list shows them. */
export async function recurringRulesByIds(context: WorkspaceContext, ids: string[]): Promise<RecurringRuleView[]> {
  const rows = await context.db.prisma.recurringRule.findMany({
    where: { workspaceId: context.workspace.id, id: { in: ids } },
    include: ruleInclude,
  });
  return recurringRuleViews(context, rows);
}

async function recurringRuleViews(
  { db, workspace, now = new Date() }: WorkspaceContext,
  rows: Prisma.RecurringRuleGetPayload<{ include: typeof ruleInclude }>[],
): Promise<RecurringRuleView[]> {
  const today = todayIn(workspace.timezone, now);
  const currencies = await currencyCatalogue(db);
  const creator = await creatorsOf(
    db,
    rows.map((row) => row.createdByUserId),
  );
  return rows.map((row) => toView(row, currencies, today, creator(row.createdByUserId)));
}
