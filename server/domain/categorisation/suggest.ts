import { AppError } from "../../errors";
import type { WorkspaceContext } from "../workspace-context";
import { workspaceCategoriser, type Categorisation, type CategorySource } from "./categoriser";
import type { RuleSubject } from "./rule-conditions";

export interface SuggestionView {
  transaction_id: string | null;
  index: number;
  category_id: string | null;
  category_source: CategorySource | null;
  category_confidence: number | null;
  category_reason: string | null;
  rule_id: string | null;
  counterparty: string | null;
}

function view(index: number, transactionId: string | null, found: Categorisation | null): SuggestionView {
  return {
    transaction_id: transactionId,
    index,
    category_id: found?.categoryId ?? null,
    category_source: found?.source ?? null,
    category_confidence: found?.confidence ?? null,
    category_reason: found?.reason ?? null,
    rule_id: found?.ruleId ?? null,
    counterparty: found?.counterparty ?? null,
  };
}

/**
 * The category each row would get now (rule, learned, name), for transactions of the workspace or
 * for free items. A transfer gets none (transfers are never categorised). Changes nothing.
 */
export async function suggestCategories(
  { db, workspace }: WorkspaceContext,
  input: {
    transaction_ids?: string[];
    items?: Array<{ description: string; counterparty: string | null; amount: string; account_id: string | null }>;
  },
): Promise<SuggestionView[]> {
  const categoriser = await workspaceCategoriser({ db, workspace });
  if (input.items) {
    const accountIds = [...new Set(input.items.flatMap((item) => (item.account_id ? [item.account_id] : [])))];
    const known = await db.prisma.account.count({ where: { workspaceId: workspace.id, id: { in: accountIds } } });
    if (known !== accountIds.length)
      throw new AppError("RESOURCE_NOT_FOUND", "items: an account_id names no account of your workspace.");
    return input.items.map((item, index) => {
      const subject: RuleSubject = {
        description: item.description,
        counterparty: item.counterparty,
        amount: item.amount,
        accountId: item.account_id,
      };
      return view(index, null, categoriser.categorise(subject));
    });
  }
  const ids = input.transaction_ids ?? [];
  const rows = await db.prisma.$queryRaw<
    Array<{
      id: string;
      description: string;
      counterparty: string | null;
      amount: string;
      accountId: string;
      type: string;
    }>
  >`SELECT id::text, description, counterparty, amount::text AS amount, account_id::text AS "accountId", type::text
      FROM transactions WHERE workspace_id = ${workspace.id}::uuid AND id = ANY(${ids}::uuid[])`;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = [...new Set(ids)].filter((id) => !byId.has(id));
  if (missing.length > 0)
    throw new AppError(
      "RESOURCE_NOT_FOUND",
      `transaction_ids: ${missing.length} of these transactions do not exist in your workspace (the first: ${missing[0]}).`,
    );
  return ids.map((id, index) => {
    const row = byId.get(id)!;
    return view(index, id, row.type === "transfer" ? null : categoriser.categorise(row));
  });
}
