import type { Prisma } from "../../db/generated/prisma/client";
import { accountName } from "../accounts/list-accounts";
import { currencyById } from "../money/currencies";
import type { WorkspaceContext } from "../workspace-context";
import { readingAttributes } from "./import-job-view";
import { mappedAccount, otherImportTargets, type ImportTarget } from "./import-target";
import { openingAccountOf, planOpeningAdjustment, type OpeningAdjustment } from "./opening-balance";
import type { AmountSemantics, ParsedFile, ParsedStatement, StatementBalance } from "./parsers/types";
import { buildPreview, type PreviewRow } from "./preview";
import { routeStatements, type StatementChoice, type StatementMatch, type StatementRoute } from "./select-statement";

/** What reading a file sets on its job: the columns of the job row, and the preview stored beside them. */
export interface JobReading {
  fields: {
    bankKey: string | null;
    bankName: string | null;
    fileType: string;
    totalRows: number;
    errorCount: number;
    status: "parsed" | "needs_input";
    parseOptions: Prisma.InputJsonValue;
    openingBalanceAdjusted: Prisma.InputJsonValue;
  };
  preview: PreviewRow[];
}

/** What the job says of each statement of its file (`statements`), stored in its parse_options. */
export interface StatementSummary {
  account: string;
  account_name: string | null;
  currency_code: string | null;
  transaction_count: number;
  account_id: string | null;
  matched_by: StatementMatch | null;
}

function statementSummary(route: StatementRoute): StatementSummary {
  const { statement } = route;
  return {
    account: route.account,
    account_name: statement.accountName ?? null,
    currency_code: statement.currencyAssumed ? null : statement.currencyCode,
    transaction_count: statement.transactions.length,
    account_id: route.accountId,
    matched_by: route.matchedBy,
  };
}

/**
 * An account's statements read as one, so that a row two of them repeat is a duplicate like any
 * other; a currency the file does not say (`currencyAssumed`: the import account's, written in by
 * the reader) is left to the account the rows go to.
 */
function asOneStatement(statements: ParsedStatement[], accountCurrency: string): ParsedStatement {
  const [only] = statements;
  if (only && statements.length === 1 && (!only.currencyAssumed || only.currencyCode === accountCurrency)) return only;
  const transactions = statements
    .flatMap((statement) =>
      statement.transactions.map((row) => ({
        ...row,
        currencyCode:
          statement.currencyAssumed && row.currencyCode === statement.currencyCode
            ? null
            : (row.currencyCode ?? statement.currencyCode),
      })),
    )
    .sort((a, b) => a.row - b.row);
  return {
    accountIdentifier: only?.accountIdentifier ?? null,
    currencyCode: null,
    openingBalance: null,
    closingBalance: latestClosing(statements),
    transactions,
  };
}

/** The statement balance an account's adjustment aims at: the latest closing balance of its statements. */
function latestClosing(statements: ParsedStatement[]): StatementBalance | null {
  let latest: StatementBalance | null = null;
  for (const { closingBalance } of statements)
    if (closingBalance && (!latest || closingBalance.date >= latest.date)) latest = closingBalance;
  return latest;
}

/**
 * The parsed file read against the accounts its statements go to (select-statement.ts): its
 * preview (duplicates, categories, each row's account) and the opening balance proposals. A file of
 * several statements none of which could be routed is `needs_input` until account_map names them.
 */
export async function readIntoJob(
  { db, workspace }: WorkspaceContext,
  account: ImportTarget,
  parsed: ParsedFile,
  amountSemantics: AmountSemantics | undefined,
  choice: StatementChoice = {},
): Promise<JobReading> {
  const others = parsed.statements.length > 1 ? await otherImportTargets(db, workspace.id) : [];
  const homeCurrency = parsed.statements.length > 1 ? (await currencyById(db, account.currencyId)).code.trim() : null;
  const name = homeCurrency ? accountName(account.wallet.name, account.wallet._count.accounts, homeCurrency) : null;
  const routes = routeStatements(parsed.statements, { ...account, currencyCode: homeCurrency, name }, others, choice);
  const targets = new Map<string, ImportTarget>([[account.id, account]]);
  const statementsOf = new Map<string, ParsedStatement[]>();
  for (const route of routes) {
    if (route.accountId === null) continue;
    if (!targets.has(route.accountId))
      targets.set(route.accountId, await mappedAccount(db, workspace.id, route.accountId));
    statementsOf.set(route.accountId, [...(statementsOf.get(route.accountId) ?? []), route.statement]);
  }
  const preview: PreviewRow[] = [];
  const adjustments: OpeningAdjustment[] = [];
  const closingBalances: Record<string, Prisma.InputJsonObject | null> = {};
  for (const [accountId, statements] of statementsOf) {
    const target = targets.get(accountId)!;
    const currency = await currencyById(db, target.currencyId);
    const rows = await buildPreview(
      { db, workspace },
      { ...target, currency },
      asOneStatement(statements, currency.code),
    );
    const closing = latestClosing(statements);
    closingBalances[accountId] = closing ? { amount: closing.amount, date: closing.date } : null;
    const bookable = rows.filter((row) => row.state === "new" || row.state === "pre_opening");
    const adjustment = await planOpeningAdjustment(db, openingAccountOf(target, currency), bookable, closing);
    if (adjustment) adjustments.push(adjustment);
    preview.push(...rows);
  }
  // In the file's order, whichever account each row goes to.
  if (statementsOf.size > 1) preview.sort((a, b) => a.row - b.row);
  const leftOut = routes.filter((route) => route.accountId === null);
  const accountMapRequired = statementsOf.size === 0;
  const otherAccount = routes.find((route) => route.matchedBy === "other_account");
  const needsInput = (parsed.amountSemanticsRequired && !amountSemantics) || accountMapRequired;
  return {
    fields: {
      bankKey: parsed.bankKey,
      bankName: parsed.bankName,
      fileType: parsed.fileType,
      totalRows: preview.length,
      errorCount: preview.filter((row) => row.state === "invalid").length,
      status: needsInput ? "needs_input" : "parsed",
      parseOptions: {
        amount_semantics: amountSemantics ?? parsed.amountSemantics,
        amount_semantics_required: parsed.amountSemanticsRequired,
        // How the file was read (given or detected), echoed so a client can correct one option.
        ...readingAttributes(parsed.optionsUsed),
        ...(choice.accountMap && Object.keys(choice.accountMap).length > 0 ? { account_map: choice.accountMap } : {}),
        account_map_required: accountMapRequired,
        statements: routes.map(statementSummary) as unknown as Prisma.InputJsonArray,
        warnings: [...parsed.warnings, ...leftOut.map((route) => leftOutWarning(route))],
        // A statement of another account read into this one because the upload said so.
        ...(otherAccount
          ? {
              accept_other_account: true,
              other_account: otherAccount.statement.accountIdentifier ?? otherAccount.account,
            }
          : {}),
        // Kept for the worker, which recomputes each account's opening balance adjustment when it books.
        closing_balance: closingBalances[account.id] ?? null,
        closing_balances: closingBalances,
      },
      openingBalanceAdjusted: adjustments as unknown as Prisma.InputJsonValue,
    },
    preview,
  };
}

function leftOutWarning({ account, statement, leftOut }: StatementRoute): string {
  const what = `The statement of ${account} (${statement.transactions.length} transactions) was left out`;
  if (leftOut?.because === "account_map") return `${what}, as parse_options.account_map says.`;
  const why =
    leftOut?.because === "several_accounts"
      ? `several accounts of the workspace fit its IBAN or number equally (${leftOut.accountIds.join(", ")})`
      : "no account of the workspace has its IBAN or number";
  return `${what}: ${why}. Name its account in parse_options.account_map to import it too.`;
}
