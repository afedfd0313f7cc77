import { MAX_FILE_TRANSACTIONS, tooManyTransactions } from "../limits";
import { StatementUnreadableError } from "../types";
import { mt940Balance, type Mt940Balance } from "./amounts";
import type { Mt940Field, Mt940Item } from "./fields";
import { parseStatementLine, type StatementLine } from "./statement-line";

export interface RawTransaction {
  field: Mt940Field;
  line: StatementLine;
  /** The :86: fields right after the :61: line. */
  details: Mt940Field[];
}

/** One MT940 message (:20: ... :62F:), before statements of one account are merged. */
export interface RawStatement {
  line: number;
  reference: string | null;
  account: string | null;
  opening: Mt940Balance | null;
  closing: Mt940Balance | null;
  transactions: RawTransaction[];
  /** The message was closed with "-" (or "-}"), or reached :64:/:65:: a missing closing balance is the bank's, not a cut file. */
  ended: boolean;
  /** It has a :62F:/:62M: line, readable or not. */
  closingWritten: boolean;
  /** It reached its available balances (:64:, :65:) after its last entry. */
  availableReached: boolean;
  /** An interim report (MT942: :13D:, :34F:, :90D:/:90C:): its entries are not booked yet. */
  interim: boolean;
}

/** A line that could not be read and was left out: a :61: entry or a balance. */
export interface SkippedLine {
  kind: "transaction" | "opening" | "closing";
  error: StatementUnreadableError;
}

/** Tags only the interim transaction report MT942 has. */
const INTERIM_TAGS = new Set(["13D", "34F", "90D", "90C"]);

function balance(field: Mt940Field, kind: SkippedLine["kind"], skipped: SkippedLine[]): Mt940Balance | null {
  const content = field.texts[0]!.trim();
  const parsed = mt940Balance(content);
  if (!parsed) {
    const error = new StatementUnreadableError(
      `the balance :${field.tag}:${content} cannot be read (expected C/D mark, date YYMMDD, currency and amount)`,
      `line ${field.line}`,
    );
    skipped.push({ kind, error });
  }
  return parsed;
}

/**
 * The messages of the file in order, and the lines that could not be read (left out, never fatal
 * here). :86: belongs to the :61: right before it; an :86: after a balance, before the first :61:
 * or after an unreadable :61: is not read.
 */
export function readStatements(items: Mt940Item[]): { statements: RawStatement[]; skipped: SkippedLine[] } {
  const statements: RawStatement[] = [];
  const skipped: SkippedLine[] = [];
  let current: RawStatement | null = null;
  let open: RawTransaction | null = null;
  let entries = 0;
  const start = (line: number): RawStatement => {
    const statement: RawStatement = {
      line,
      reference: null,
      account: null,
      opening: null,
      closing: null,
      transactions: [],
      ended: false,
      closingWritten: false,
      availableReached: false,
      interim: false,
    };
    statements.push(statement);
    open = null;
    return statement;
  };
  for (const item of items) {
    if (item.kind === "end") {
      if (current) current.ended = true;
      open = null;
      continue;
    }
    const field = item.field;
    const content = field.texts[0]!.trim();
    if (field.tag === "20") {
      current = start(field.line);
      current.reference = content || null;
      continue;
    }
    const statement: RawStatement =
      current && !(field.tag === "25" && (current.account !== null || current.transactions.length > 0))
        ? current
        : start(field.line);
    current = statement;
    // The statement's own :86: after its available balances keeps it ended; any other field opens it again.
    if (!(field.tag === "86" && statement.availableReached)) statement.ended = false;
    switch (field.tag) {
      case "25":
        // "/RO19INGB0000999904621843" (ING Romania): the slash before the IBAN is no part of it.
        statement.account = content.replace(/^\/+/, "") || null;
        break;
      case "60F":
      case "60M":
        statement.opening = balance(field, "opening", skipped);
        open = null;
        break;
      case "61": {
        open = null;
        statement.availableReached = false;
        // Counted as the entries are read: a file past the cap stops here.
        if (++entries > MAX_FILE_TRANSACTIONS) throw tooManyTransactions(`line ${field.line}`);
        try {
          const transaction: RawTransaction = { field, line: parseStatementLine(field), details: [] };
          statement.transactions.push(transaction);
          open = transaction;
        } catch (error) {
          if (!(error instanceof StatementUnreadableError)) throw error;
          skipped.push({ kind: "transaction", error });
        }
        break;
      }
      case "86":
        (open as RawTransaction | null)?.details.push(field);
        break;
      case "62F":
      case "62M":
        statement.closing = balance(field, "closing", skipped);
        statement.closingWritten = true;
        open = null;
        break;
      case "64":
      case "65":
      case "65F":
        // The available balances come after the closing one: a statement that reached them was not cut
        // short, though its bank left :62F: out (Oldenburgische Landesbank's).
        statement.ended = true;
        statement.availableReached = true;
        open = null;
        break;
      default:
        if (INTERIM_TAGS.has(field.tag)) statement.interim = true;
        open = null;
    }
  }
  return { statements, skipped };
}
