import { StatementUnreadableError, type ParsedFile, type ParseOptions } from "../types";
import { decodeOfx } from "./encoding";
import { extractStatements } from "./statements";
import { LineIndex, tokenizeOfx } from "./tokenizer";
import { buildOfxTree, childOf, descendantsOf, leafOf, type OfxElement } from "./tree";

export { looksLikeOfx } from "./encoding";

/** Elements whose being cut off loses statement data; an unclosed <OFX> alone loses nothing. */
const WRAPPERS = new Set([
  "OFX",
  "SIGNONMSGSRSV1",
  "BANKMSGSRSV1",
  "CREDITCARDMSGSRSV1",
  "INVSTMTMSGSRSV1",
  "SECLISTMSGSRSV1",
  "STMTTRNRS",
  "CCSTMTTRNRS",
  "INVSTMTTRNRS",
]);

function snakeCase(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** The bank from the signon: FI/ORG ("Banco do Brasil S/A" -> "banco_do_brasil_s_a"), else Intuit's INTU.BID. */
function bankOf(root: OfxElement): { bankKey: string | null; bankName: string | null; intuitBid: string | null } {
  const signon = descendantsOf(root, "SONRS")[0];
  const org = leafOf(childOf(signon, "FI"), "ORG")?.replace(/\s+/g, " ").trim() || null;
  const intuitBid = leafOf(signon, "INTU.BID");
  const key = org ? snakeCase(org) : "";
  return { bankKey: key || (intuitBid ? `intu_${snakeCase(intuitBid)}` : null), bankName: org, intuitBid };
}

/**
 * Reads an OFX or QFX file: OFX 1.x (SGML, unclosed leaf tags) or 2.x (XML), bank (STMTRS),
 * credit-card (CCSTMTRS) and the cash part of investment (INVSTMTRS) statements, one
 * ParsedStatement per statement in file order. `fileType` is the caller's hint (from the
 * extension); without it a file with Intuit's INTU.BID is "qfx".
 */
export function parseOfx(bytes: Buffer, options: ParseOptions = {}, fileType?: "ofx" | "qfx"): ParsedFile {
  const decoded = decodeOfx(bytes, options.encoding);
  if (decoded.bodyStart < 0)
    throw new StatementUnreadableError("the file has no <OFX> element: it is not an OFX statement");
  const lines = new LineIndex(decoded.text);
  const warnings = [...decoded.warnings];
  const tree = buildOfxTree(tokenizeOfx(decoded.text, decoded.bodyStart, lines, warnings));
  const cutInside = tree.unclosed.findLast((open) => !WRAPPERS.has(open.name));
  if (cutInside) {
    throw new StatementUnreadableError(
      `the file ends inside <${cutInside.name}> opened at line ${cutInside.line}: it looks truncated`,
      `line ${lines.lineAt(Math.max(0, decoded.text.trimEnd().length - 1))}`,
    );
  }
  if (tree.unclosed.length > 0)
    warnings.push(`The file ends without </${tree.unclosed[0]!.name}>; every statement in it was complete.`);

  const extracted = extractStatements(tree.root, options.defaultCurrencyCode ?? null);
  const firstUnreadable = extracted.unreadable[0];
  if (firstUnreadable && extracted.statements.every((statement) => statement.transactions.length === 0))
    throw firstUnreadable;
  warnings.push(...extracted.warnings);
  const firstRefused = extracted.refusedInvestments[0];
  if (extracted.statements.length === 0) {
    if (firstRefused) {
      throw new StatementUnreadableError(
        "investment statements are not supported: the file holds an investment statement (INVSTMTRS) with trades and holdings but no bank transactions",
        `line ${firstRefused.line}`,
      );
    }
    const status = descendantsOf(tree.root, "STATUS")
      .map((s) => leafOf(s, "MESSAGE"))
      .find(Boolean);
    throw new StatementUnreadableError(
      `the file holds no bank or credit-card statement (STMTRS/CCSTMTRS)${status ? `; the bank's message: "${status}"` : ""}`,
    );
  }
  for (const refused of extracted.refusedInvestments) {
    warnings.push(
      `An investment statement (INVSTMTRS) without cash transactions was skipped: investment statements are not supported (line ${refused.line}).`,
    );
  }
  const bank = bankOf(tree.root);
  return {
    fileType: fileType ?? (bank.intuitBid ? "qfx" : "ofx"),
    bankKey: bank.bankKey,
    bankName: bank.bankName,
    statements: extracted.statements,
    amountSemantics: "signed_debit_negative",
    amountSemanticsRequired: false,
    warnings,
    optionsUsed: { encoding: decoded.encoding },
  };
}
