import { AppError, validationError, type ValidationIssue } from "../../errors";
import { activeAssetAccount } from "../accounts/list-accounts";
import { placesProblem } from "../money/amount-input";
import { Decimal } from "../money/money";
import type { WorkspaceTransaction } from "../workspace-context";

/** What a bulk write checks of its rows before it writes any: their accounts, categories and amounts. */

type WriteStatus = "created" | "updated" | "unchanged";

export interface WriteResult {
  id: string;
  status: WriteStatus;
  external_id: string | null;
}

export type Writer = WorkspaceTransaction & { userId: string };

/** A refusal of one row of the body, its message starting with the row's field (transactions.3.account_id). */
export function rowRefusal(
  code: "RESOURCE_NOT_FOUND" | "DOMAIN_CONSTRAINT_VIOLATION",
  index: number,
  field: string,
  message: string,
) {
  return new AppError(code, `transactions.${index}.${field}: ${message}`);
}

/** The active asset accounts the rows name, with their currency's places; 404 naming the first row of another. */
export async function accountsOf({ db, workspace }: Writer, rows: ReadonlyArray<{ account_id: string }>) {
  const ids = [...new Set(rows.map((row) => row.account_id))];
  const found = await db.prisma.account.findMany({
    where: { id: { in: ids }, ...activeAssetAccount(workspace.id) },
    select: { id: true, currencyId: true, currency: { select: { code: true, decimalPlaces: true } } },
  });
  const accounts = new Map(found.map((account) => [account.id, account]));
  const missing = rows.findIndex((row) => !accounts.has(row.account_id));
  if (missing >= 0)
    throw rowRefusal(
      "RESOURCE_NOT_FOUND",
      missing,
      "account_id",
      "no active account of an asset wallet with this id exists in the token's workspace",
    );
  return accounts;
}

/** A category a body names: its row, the field within the row (category_id, parts.1.category_id) and the id. */
export interface CategoryRef {
  index: number;
  field: string;
  id: string;
}

/** The workspace's categories `refs` name; 404 naming the first ref to another workspace's (or none). */
export async function categoriesNamed({ db, workspace }: Writer, refs: readonly CategoryRef[]) {
  const ids = [...new Set(refs.map((ref) => ref.id))];
  const found = ids.length
    ? await db.prisma.category.findMany({
        where: { id: { in: ids }, workspaceId: workspace.id },
        select: { id: true, name: true, archivedAt: true },
      })
    : [];
  const categories = new Map(found.map((category) => [category.id, category]));
  const missing = refs.find((ref) => !categories.has(ref.id));
  if (missing)
    throw rowRefusal(
      "RESOURCE_NOT_FOUND",
      missing.index,
      missing.field,
      "no category with this id exists in the token's workspace",
    );
  return categories;
}

/** The workspace's categories the rows name; 404 naming the first row of another workspace's (or none). */
export function categoriesOf(context: Writer, rows: ReadonlyArray<{ category_id?: string | null }>) {
  return categoriesNamed(
    context,
    rows.flatMap((row, index) => (row.category_id ? [{ index, field: "category_id", id: row.category_id }] : [])),
  );
}

/** The category a row files its transaction under: an archived one only when the transaction has it already. */
export function categoryFor(
  categories: Awaited<ReturnType<typeof categoriesOf>>,
  index: number,
  id: string | null | undefined,
  current: string | null,
): string | null | undefined {
  if (!id) return id;
  const category = categories.get(id)!;
  if (category.archivedAt !== null && id !== current)
    throw rowRefusal("DOMAIN_CONSTRAINT_VIOLATION", index, "category_id", `the category ${category.name} is archived`);
  return id;
}

/** Each amount with more decimal places than its currency has, as one 400 naming every one (its path in the body). */
export function checkPlaces(
  amounts: ReadonlyArray<{
    path: Array<string | number>;
    amount: string | undefined;
    code: string;
    decimalPlaces: number;
  }>,
) {
  const issues: ValidationIssue[] = amounts.flatMap(({ path, amount, ...currency }) => {
    const problem = amount === undefined ? null : placesProblem(new Decimal(amount), currency);
    return problem ? [{ path, code: "custom", message: problem }] : [];
  });
  if (issues.length > 0) throw validationError(issues);
}
