import { AppError } from "../../errors";
import { currencyCatalogue, type CurrencyInfo } from "../money/currencies";
import type { WorkspaceContext } from "../workspace-context";
import { describeProblems, type FieldProblem } from "./field-problems";

/** 422 naming every broken rule as "field: problem". */
export function constraintViolation(problems: readonly FieldProblem[]): AppError {
  return new AppError("DOMAIN_CONSTRAINT_VIOLATION", describeProblems(problems));
}

export function assertNoProblems(problems: readonly FieldProblem[]): void {
  if (problems.length > 0) throw constraintViolation(problems);
}

function notFound(field: string, what: string): AppError {
  return new AppError("RESOURCE_NOT_FOUND", `${field}: no ${what} with this id exists in this workspace`);
}

/**
 * An account of the workspace (404 otherwise). When `usable`, it must also be an active account of
 * an asset wallet that is not archived (422): a reference kept unchanged is not re-checked.
 */
export async function workspaceAccount(
  context: WorkspaceContext,
  id: string,
  field: string,
  { usable }: { usable: boolean },
) {
  const account = await context.db.prisma.account.findFirst({
    where: { id, workspaceId: context.workspace.id },
    select: { id: true, currencyId: true, active: true, wallet: { select: { accountType: true, archivedAt: true } } },
  });
  if (!account) throw notFound(field, "account");
  if (usable && (!account.active || account.wallet.archivedAt !== null || account.wallet.accountType !== "asset")) {
    throw constraintViolation([{ field, message: "the account is closed or its wallet archived" }]);
  }
  return account;
}

/** A wallet of the workspace (404 otherwise); when `usable`, not archived (422). */
export async function workspaceWallet(
  context: WorkspaceContext,
  id: string,
  field: string,
  { usable }: { usable: boolean },
) {
  const wallet = await context.db.prisma.wallet.findFirst({
    where: { id, workspaceId: context.workspace.id },
    select: { id: true, archivedAt: true },
  });
  if (!wallet) throw notFound(field, "wallet");
  if (usable && wallet.archivedAt !== null) throw constraintViolation([{ field, message: "the wallet is archived" }]);
  return wallet;
}

/**
 * Categories of the workspace (404 naming the first foreign id); those in `newIds` must not be
 * archived (422), so a budget keeps a category archived after it was chosen.
 */
export async function workspaceCategories(
  context: WorkspaceContext,
  ids: readonly string[],
  field: string,
  newIds: ReadonlySet<string> = new Set(ids),
) {
  const unique = [...new Set(ids)];
  const rows = await context.db.prisma.category.findMany({
    where: { id: { in: unique }, workspaceId: context.workspace.id },
    select: { id: true, name: true, archivedAt: true },
  });
  const found = new Map(rows.map((row) => [row.id, row]));
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined)
    throw new AppError("RESOURCE_NOT_FOUND", `${field}: no category with the id ${missing} exists in this workspace`);
  const archived = rows.filter((row) => row.archivedAt !== null && newIds.has(row.id));
  if (archived.length > 0) {
    throw constraintViolation([
      { field, message: `archived categories cannot be chosen (${archived.map((row) => row.name).join(", ")})` },
    ]);
  }
  return unique;
}

/** A currency of the catalogue (404 otherwise). */
export async function knownCurrency(context: WorkspaceContext, id: string, field: string): Promise<CurrencyInfo> {
  const currency = (await currencyCatalogue(context.db)).get(id);
  if (!currency) throw new AppError("RESOURCE_NOT_FOUND", `${field}: no currency with this id exists`);
  return currency;
}

/** Amounts may not carry more places than their currency has ("12.345" in EUR is refused, not rounded). */
export function placesProblems(
  amounts: Record<string, string | null | undefined>,
  currency: CurrencyInfo,
): FieldProblem[] {
  return Object.entries(amounts).flatMap(([field, amount]) => {
    if (amount === null || amount === undefined) return [];
    const places = amount.split(".")[1]?.replace(/0+$/, "").length ?? 0;
    if (places <= currency.decimalPlaces) return [];
    return [{ field, message: `${currency.code} amounts have at most ${currency.decimalPlaces} decimal places` }];
  });
}

/** The name shown, the first name kept in raw_name, and whether the user renamed it. */
export function renamed(current: { name: string; rawName: string }, name: string | undefined) {
  if (name === undefined || name === current.name) return {};
  return { name, nameCustomized: name !== current.rawName };
}
