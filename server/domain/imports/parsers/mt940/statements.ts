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
  /** The message was closed with "-" (or "-}"): a missing closing balance is the bank's, not a cut file. */
  ended: boolean;
}

function balance(field: Mt940Field): Mt940Balance {
  const content = field.texts[0]!.trim();
  const parsed = mt940Balance(content);
  if (!parsed) {
    throw new StatementUnreadableError(
      `the balance :${field.tag}:${content} cannot be read (expected C/D mark, date YYMMDD, currency and amount)`,
      `line ${field.line}`,
    );
  }
  return parsed;
}

/**
 * The messages of the file in order. :86: belongs to the :61: right before it; an :86: after a
 * balance or before the first :61: is information about the statement and is not read.
 */
export function readStatements(items: Mt940Item[]): RawStatement[] {
  const statements: RawStatement[] = [];
  let current: RawStatement | null = null;
  let open: RawTransaction | null = null;
  const start = (line: number): RawStatement => {
    const statement: RawStatement = { line, reference: null, account: null, opening: null, closing: null, transactions: [], ended: false };
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
      current && !(field.tag === "25" && (current.account !== null || current.transactions.length > 0)) ? current : start(field.line);
    current = statement;
    statement.ended = false;
    switch (field.tag) {
      case "25":
        statement.account = content || null;
        break;
      case "60F":
      case "60M":
        statement.opening = balance(field);
        open = null;
        break;
      case "61": {
        const transaction: RawTransaction = { field, line: parseStatementLine(field), details: [] };
        statement.transactions.push(transaction);
        open = transaction;
        break;
      }
      case "86":
        (open as RawTransaction | null)?.details.push(field);
        break;
      case "62F":
      case "62M":
        statement.closing = balance(field);
        open = null;
        break;
      default:
        open = null;
    }
  }
  return statements;
}
