/**
 * Which account each statement of a file goes to (docs/imports.md "Files with several accounts"):
 * the person's `account_map` first, then the import's account when the statement names it, then
 * the one other account of the workspace with the statement's IBAN or number. A file of one
 * statement goes to the import's account unless it names another account (refused, or read anyway
 * with accept_other_account); statements of a larger file that nothing routes are left out.
 */
import { AppError } from "../../errors";
import type { ParsedStatement } from "./parsers/types";

/** An account a statement may be routed to, with the identifiers a file's may match. */
export interface RoutableAccount {
  id: string;
  iban: string | null;
  accountNumber: string | null;
  /** The account's currency code; a statement in a currency goes to the account of it among those its number fits. */
  currencyCode?: string | null;
  /** The account's display name ("Travel", "Travel (EUR)"): a statement named so and numbered by nothing goes to it. */
  name?: string | null;
}

/** What the upload says about the file's accounts. */
export interface StatementChoice {
  /** parse_options.accept_other_account: a one-statement file naming another account is read into the import's. */
  acceptOtherAccount?: boolean;
  /** parse_options.account_map: a statement (as `statements[].account` names it) -> an account id, or null to leave it out. */
  accountMap?: Record<string, string | null>;
}

/** How a statement's account was chosen. */
export type StatementMatch = "import_account" | "identifier" | "account_name" | "account_map" | "other_account";

export interface StatementRoute {
  statement: ParsedStatement;
  /** How the job names the statement: the IBAN or number the file gives, else its account name, else "statement N". */
  account: string;
  /** The account its rows go to; null: left out. */
  accountId: string | null;
  matchedBy: StatementMatch | null;
  /** Why a statement is left out: the map said so, no account has its number, or several fit it equally (their ids). */
  leftOut?:
    { because: "account_map" } | { because: "no_account" } | { because: "several_accounts"; accountIds: string[] };
}

function normalise(identifier: string | null | undefined): string {
  return (identifier ?? "").replace(/[\s\-./]/g, "").toUpperCase();
}

function identifiersOf(account: RoutableAccount): string[] {
  return [normalise(account.iban), normalise(account.accountNumber)].filter(Boolean);
}

function matches(fileIdentifier: string, accountIdentifiers: string[]): boolean {
  if (!fileIdentifier) return false;
  // An IBAN holds the account number, and banks print either: accept containment both ways.
  return accountIdentifiers.some(
    (own) => own.length >= 4 && (fileIdentifier.includes(own) || own.includes(fileIdentifier)),
  );
}

/**
 * How the job and `account_map` name each statement: its IBAN or number, else its account name, else
 * "statement N"; two of one name (an account's statements in two currencies) are told apart by their
 * currency, else by their position.
 */
function statementNames(statements: readonly ParsedStatement[]): string[] {
  const base = statements.map(
    (statement, index) =>
      statement.accountIdentifier?.trim() || statement.accountName?.trim() || `statement ${index + 1}`,
  );
  const repeated = (names: string[], name: string) => names.filter((each) => mapKey(each) === mapKey(name)).length > 1;
  const withCurrency = base.map((name, index) => {
    const currency = statements[index]!.currencyAssumed ? null : statements[index]!.currencyCode;
    return repeated(base, name) && currency ? `${name} ${currency}` : name;
  });
  return withCurrency.map((name, index) => (repeated(withCurrency, name) ? `${base[index]} (${index + 1})` : name));
}

/** The key an `account_map` entry is compared by: spaces, dashes, dots and slashes aside, case folded. */
function mapKey(name: string): string {
  return normalise(name) || name.toUpperCase();
}

/** The map's entries by statement, refusing an entry that names no statement of the file. */
function mappedAccounts(names: string[], accountMap: Record<string, string | null>): Map<string, string | null> {
  const byKey = new Map(names.map((name) => [mapKey(name), name]));
  const mapped = new Map<string, string | null>();
  const givenAs = new Map<string, string>();
  for (const [given, accountId] of Object.entries(accountMap)) {
    const name = byKey.get(mapKey(given));
    if (name === undefined)
      throw new AppError(
        "VALIDATION_FAILED",
        `Validation failed: parse_options.account_map: the file holds no statement of “${given}”; its statements are ` +
          `${names.map((each) => `“${each}”`).join(", ")}.`,
      );
    const earlier = givenAs.get(name);
    if (earlier !== undefined)
      throw new AppError(
        "VALIDATION_FAILED",
        `Validation failed: parse_options.account_map: “${earlier}” and “${given}” name the same statement (“${name}”); give it once.`,
      );
    givenAs.set(name, given);
    mapped.set(name, accountId);
  }
  return mapped;
}

/** The one statement of a file, for the import's account (see the module's comment). */
function routeOnly(
  statement: ParsedStatement,
  account: string,
  target: RoutableAccount,
  acceptOtherAccount: boolean,
): StatementRoute {
  const own = identifiersOf(target);
  const theirs = normalise(statement.accountIdentifier);
  if (own.length === 0 || !theirs || matches(theirs, own))
    return { statement, account, accountId: target.id, matchedBy: "import_account" };
  if (acceptOtherAccount) return { statement, account, accountId: target.id, matchedBy: "other_account" };
  throw new AppError(
    "VALIDATION_FAILED",
    `Validation failed: account_id: the file is a statement of account ${statement.accountIdentifier}, which is not this ` +
      "account's. If it is this account, set the account's IBAN or number (PATCH /api/v1/programmatic/accounts/{id}), " +
      "or upload with parse_options.accept_other_account true.",
  );
}

/**
 * A statement of a file of several: the accounts whose IBAN or number is the statement's exactly,
 * else those whose IBAN holds it (or it holds theirs); of those, the ones in the statement's
 * currency when it says one (a wallet's EUR and USD accounts share an IBAN); then the import's
 * account before the others, else the one left.
 */
function routeOneOfSeveral(
  statement: ParsedStatement,
  account: string,
  target: RoutableAccount,
  others: readonly RoutableAccount[],
): StatementRoute {
  const theirs = normalise(statement.accountIdentifier);
  const accounts = [target, ...others.filter((other) => other.id !== target.id)];
  const exact = accounts.filter((each) => theirs !== "" && identifiersOf(each).includes(theirs));
  const fitting = exact.length > 0 ? exact : accounts.filter((each) => matches(theirs, identifiersOf(each)));
  const currency = statement.currencyAssumed ? null : statement.currencyCode;
  // Numbered by nothing: the account of the statement's name (an app's or this service's own export).
  if (theirs === "" && statement.accountName) return routeByName(statement, account, accounts, target, currency);
  const inCurrency = currency ? fitting.filter((each) => each.currencyCode === currency) : [];
  const found = inCurrency.length > 0 ? inCurrency : fitting;
  const chosen = found[0]?.id === target.id ? target : found.length === 1 ? found[0]! : null;
  return routeTo(statement, account, found, chosen, target, "identifier");
}

/**
 * The route to the account chosen among those found (the import's own is `import_account`, another
 * `by`); without one, the statement is left out, naming the accounts when several fit equally.
 */
function routeTo(
  statement: ParsedStatement,
  account: string,
  found: readonly RoutableAccount[],
  chosen: RoutableAccount | null,
  target: RoutableAccount,
  by: StatementMatch,
): StatementRoute {
  if (!chosen)
    return {
      statement,
      account,
      accountId: null,
      matchedBy: null,
      leftOut:
        found.length > 1
          ? { because: "several_accounts", accountIds: found.map((each) => each.id) }
          : { because: "no_account" },
    };
  return { statement, account, accountId: chosen.id, matchedBy: chosen.id === target.id ? "import_account" : by };
}

/** A name as statements and accounts are compared by: case and repeated spaces aside. */
function nameKey(name: string): string {
  return name.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase();
}

/**
 * A statement named by an account column ("Checking", "Travel"): the one account of that display
 * name, also with the statement's currency ("Travel (EUR)", a wallet of several currencies); two of
 * it leave it out, as two of one number do.
 */
function routeByName(
  statement: ParsedStatement,
  account: string,
  accounts: readonly RoutableAccount[],
  target: RoutableAccount,
  currency: string | null,
): StatementRoute {
  const name = nameKey(statement.accountName ?? "");
  const keys = new Set([name, ...(currency ? [nameKey(`${statement.accountName} (${currency})`)] : [])]);
  const found = accounts.filter((each) => each.name && keys.has(nameKey(each.name)));
  return routeTo(statement, account, found, found.length === 1 ? found[0]! : null, target, "account_name");
}

/**
 * Each statement of the file with the account it goes to. `others` are the workspace's other import
 * targets; the ids in `choice.accountMap` are the caller's to check (they must be import targets).
 */
export function routeStatements(
  statements: readonly ParsedStatement[],
  target: RoutableAccount,
  others: readonly RoutableAccount[],
  { acceptOtherAccount = false, accountMap = {} }: StatementChoice = {},
): StatementRoute[] {
  if (statements.length === 0) {
    throw new AppError("IMPORT_FILE_UNREADABLE", "The file holds no statement with transactions.");
  }
  const names = statementNames(statements);
  const mapped = mappedAccounts(names, accountMap);
  return statements.map((statement, index) => {
    const account = names[index]!;
    if (mapped.has(account)) {
      const accountId = mapped.get(account) ?? null;
      return {
        statement,
        account,
        accountId,
        matchedBy: "account_map",
        ...(accountId === null ? { leftOut: { because: "account_map" as const } } : {}),
      };
    }
    return statements.length === 1
      ? routeOnly(statement, account, target, acceptOtherAccount)
      : routeOneOfSeveral(statement, account, target, others);
  });
}
