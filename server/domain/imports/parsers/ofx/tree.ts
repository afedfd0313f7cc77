import type { OfxToken } from "./tokenizer";

/** An OFX element: a leaf with a value, or an aggregate with children. */
export interface OfxElement {
  name: string;
  line: number;
  /** The value of a leaf ("" when empty); null for an aggregate. */
  text: string | null;
  children: OfxElement[];
}

export interface OfxTree {
  root: OfxElement;
  /** Aggregates still open when the file ended, outermost first (a truncated file). */
  unclosed: OfxElement[];
}

/**
 * Leaves that banks leave empty and unclosed ("<CHECKNUM>" followed by the next tag): known
 * leaves are never taken for aggregates. Intuit extensions ("INTU.BID") are leaves as well.
 */
const LEAVES = new Set(
  (
    "CODE SEVERITY MESSAGE DTSERVER USERKEY TSKEYEXPIRE LANGUAGE DTPROFUP DTACCTUP ORG FID SESSCOOKIE ACCESSKEY " +
    "TRNUID CLTCOOKIE CURDEF BANKID BRANCHID ACCTID ACCTTYPE ACCTKEY BROKERID DTSTART DTEND TRNTYPE DTPOSTED DTUSER " +
    "DTAVAIL TRNAMT FITID CORRECTFITID CORRECTACTION SRVRTID CHECKNUM REFNUM SIC PAYEEID NAME EXTDNAME MEMO " +
    "INV401KSOURCE CURRATE CURSYM BALAMT DTASOF MKTGINFO VALUEDATE CATEGORY TRANSACTIONSPLIT ACCTBAL ADDR1 ADDR2 " +
    "ADDR3 CITY STATE POSTALCODE COUNTRY PHONE DTTRADE DTSETTLE UNITS UNITPRICE TOTAL SUBACCTSEC SUBACCTFUND " +
    "UNIQUEID UNIQUEIDTYPE AVAILCASH MARGINBALANCE SHORTBALANCE BUYPOWER DESC BALTYPE VALUE"
  ).split(" "),
);

function isLeafName(name: string): boolean {
  return LEAVES.has(name) || name.includes(".");
}

function element(name: string, line: number, text: string | null): OfxElement {
  return { name, line, text, children: [] };
}

/**
 * Nests the tokens. An element followed by text is a leaf, closed or not; one followed by its own
 * end tag is an empty leaf; any other is an aggregate. End tags of leaves, and end tags that
 * match nothing open (misnested files), are ignored; an end tag closes every aggregate opened
 * inside the one it names.
 */
export function buildOfxTree(tokens: OfxToken[]): OfxTree {
  const root = element("#document", 1, null);
  const stack: OfxElement[] = [root];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const parent = stack[stack.length - 1]!;
    if (token.kind === "text") continue;
    if (token.kind === "close") {
      const at = stack.findLastIndex((open) => open.name === token.name);
      if (at > 0) stack.length = at;
      continue;
    }
    if (token.selfClosing) {
      parent.children.push(element(token.name, token.line, ""));
      continue;
    }
    let j = i + 1;
    let text = "";
    for (; tokens[j]?.kind === "text"; j++) text += (tokens[j] as { value: string }).value;
    const next = tokens[j];
    const closesItself = next?.kind === "close" && next.name === token.name;
    if (text.trim() !== "" || closesItself || isLeafName(token.name)) {
      parent.children.push(element(token.name, token.line, text.trim()));
      i = closesItself ? j : j - 1;
      continue;
    }
    // OFX never nests an aggregate in one of the same name: a second <STMTTRN> ends the first.
    const same = stack.findLastIndex((open) => open.name === token.name);
    if (same > 0) stack.length = same;
    const aggregate = element(token.name, token.line, null);
    stack[stack.length - 1]!.children.push(aggregate);
    stack.push(aggregate);
  }
  return { root, unclosed: stack.slice(1) };
}

/** Aggregates that mark a boundary for lookups; unknown ones are looked through (see `leafOf`). */
const AGGREGATES = new Set(
  (
    "OFX SIGNONMSGSRSV1 SONRS STATUS FI BANKMSGSRSV1 CREDITCARDMSGSRSV1 INVSTMTMSGSRSV1 SECLISTMSGSRSV1 STMTTRNRS " +
    "CCSTMTTRNRS INVSTMTTRNRS STMTRS CCSTMTRS INVSTMTRS BANKACCTFROM BANKACCTTO CCACCTFROM CCACCTTO INVACCTFROM " +
    "BANKTRANLIST INVTRANLIST STMTTRN LEDGERBAL AVAILBAL BALLIST BAL CURRENCY ORIGCURRENCY PAYEE INVBANKTRAN " +
    "INVPOSLIST INVBAL SECLIST INVTRAN SECID IMAGEDATA"
  ).split(" "),
);

/** The first child aggregate named `name`. */
export function childOf(parent: OfxElement | null | undefined, name: string): OfxElement | null {
  return parent?.children.find((child) => child.name === name && child.text === null) ?? null;
}

/**
 * The value of the leaf `name` under `parent`, looking through unknown aggregates (an empty,
 * unclosed nonstandard tag swallows its following siblings); null when absent or empty.
 */
export function leafOf(parent: OfxElement | null | undefined, name: string): string | null {
  const found = leafElement(parent, name);
  return found?.text ? found.text : null;
}

export function leafElement(parent: OfxElement | null | undefined, name: string): OfxElement | null {
  for (const child of parent?.children ?? []) {
    if (child.name === name && child.text !== null) return child;
    if (child.text === null && !AGGREGATES.has(child.name)) {
      const inner = leafElement(child, name);
      if (inner) return inner;
    }
  }
  return null;
}

/**
 * The first element named `name` anywhere below `parent`: a bank that never closes
 * <BANKTRANLIST> nests <LEDGERBAL> inside it, so statement parts are looked up at any depth.
 */
export function firstOf(parent: OfxElement | null | undefined, name: string): OfxElement | null {
  return parent ? (descendantsOf(parent, name)[0] ?? null) : null;
}

/** Every element named `name` below `parent`, in document order, not looking inside a match. */
export function descendantsOf(parent: OfxElement, name: string): OfxElement[] {
  const found: OfxElement[] = [];
  const walk = (node: OfxElement) => {
    for (const child of node.children) {
      if (child.name === name) found.push(child);
      else walk(child);
    }
  };
  walk(parent);
  return found;
}
