import { AppError } from "../../errors";
import type { ParsedFile, ParsedStatement } from "./parsers/types";

function normalise(identifier: string | null | undefined): string {
  return (identifier ?? "").replace(/[\s\-./]/g, "").toUpperCase();
}

function matches(fileIdentifier: string, accountIdentifiers: string[]): boolean {
  if (!fileIdentifier) return false;
  // An IBAN holds the account number, and banks print either: accept containment both ways.
  return accountIdentifiers.some(
    (own) => own.length >= 4 && (fileIdentifier.includes(own) || own.includes(fileIdentifier)),
  );
}

/**
 * The statement of the file that belongs to the target account: the one whose account number or
 * IBAN matches the account's; a file with one statement when the account has no number to
 * compare (or the file names none).
 */
export function selectStatement(
  file: ParsedFile,
  account: { iban: string | null; accountNumber: string | null },
  { acceptOtherAccount = false }: { acceptOtherAccount?: boolean } = {},
): { statement: ParsedStatement; otherAccount: string | null } {
  const own = [normalise(account.iban), normalise(account.accountNumber)].filter(Boolean);
  const statements = file.statements;
  if (statements.length === 0) {
    throw new AppError("IMPORT_FILE_UNREADABLE", "The file holds no statement with transactions.");
  }
  const matching = statements.filter((statement) => matches(normalise(statement.accountIdentifier), own));
  if (matching.length >= 1) return { statement: matching[0]!, otherAccount: null };
  if (statements.length === 1) {
    const only = statements[0]!;
    const theirs = normalise(only.accountIdentifier);
    if (own.length > 0 && theirs) {
      if (acceptOtherAccount) return { statement: only, otherAccount: only.accountIdentifier ?? theirs };
      throw new AppError(
        "VALIDATION_FAILED",
        `Validation failed: account_id: the file is a statement of account ${only.accountIdentifier}, which is not this ` +
          "account's. If it is this account, set the account's IBAN or number (PATCH /api/v1/programmatic/accounts/{id}), " +
          "or upload with parse_options.accept_other_account true.",
      );
    }
    return { statement: only, otherAccount: null };
  }
  const listed = statements.map((statement) => statement.accountIdentifier ?? "(no number)").join(", ");
  throw new AppError(
    "VALIDATION_FAILED",
    `Validation failed: account_id: the file holds statements of several accounts (${listed}) and none matches this account's IBAN or number; ` +
      "set the account's IBAN or account number, or upload one account's statement.",
  );
}
