/**
 * The streaming side of the CAMT reader: saxes reads the XML once, and only the part of the
 * document being looked at is kept as a small element tree. Each booking entry (`Ntry`) is handed
 * over as soon as it closes and then dropped, so a 10 MiB statement never becomes one big tree.
 */
import { SaxesParser } from "saxes";
import { StatementUnreadableError } from "../types";

export interface XmlElement {
  /** The local name, without any namespace prefix ("Ntry" for "ns2:Ntry"). */
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
  /** 1-based line of the start tag. */
  line: number;
}

/** The first child element with that local name. */
function child(element: XmlElement | null | undefined, name: string): XmlElement | null {
  return element?.children.find((candidate) => candidate.name === name) ?? null;
}

/** Every child element with that local name. */
export function childrenNamed(element: XmlElement | null | undefined, name: string): XmlElement[] {
  return element?.children.filter((candidate) => candidate.name === name) ?? [];
}

/** The element at a path of local names below `element`, or null. */
export function at(element: XmlElement | null | undefined, ...path: string[]): XmlElement | null {
  let current = element ?? null;
  for (const name of path) current = child(current, name);
  return current;
}

/** The trimmed text at a path (white space runs folded), or null when absent or empty. */
export function textAt(element: XmlElement | null | undefined, ...path: string[]): string | null {
  const found = at(element, ...path);
  const text = found?.text.replace(/\s+/g, " ").trim() ?? "";
  return text === "" ? null : text;
}

/** The statement-like elements of the three CAMT messages: 053 Stmt, 052 Rpt, 054 Ntfctn. */
const STATEMENT_NAMES = new Set(["Stmt", "Rpt", "Ntfctn"]);
/** The message elements that hold them. */
const MESSAGE_NAMES: Record<string, "053" | "052" | "054"> = {
  BkToCstmrStmt: "053",
  BkToCstmrAcctRpt: "052",
  BkToCstmrDbtCdtNtfctn: "054",
};

export interface CamtStreamHandlers {
  /** A booking entry of the statement being read; its parent statement element holds what came before it. */
  entry(entry: XmlElement, statement: XmlElement): void;
  /** The statement element once closed, without its entries. */
  statement(statement: XmlElement): void;
}

export interface CamtStreamResult {
  /** The message kind found: "053", "052" or "054"; null when the document holds none. */
  message: "053" | "052" | "054" | null;
  /** The root element's local name and the namespaces declared on the way to the message. */
  rootName: string | null;
  namespaces: string[];
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);
/** Version 01 of each message names its element with a suffix: `BkToCstmrAcctRptV01`. */
const messageOf = (name: string) => MESSAGE_NAMES[name.replace(/V\d{2}$/, "")];

/**
 * Reads the XML text, calling the handlers for each statement and entry. A DOCTYPE (and so any
 * entity declaration) is refused: bank statements have none, and entity expansion is how XML
 * files blow up a reader's memory.
 */
export function streamCamt(text: string, handlers: CamtStreamHandlers): CamtStreamResult {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const result: CamtStreamResult = { message: null, rootName: null, namespaces: [] };
  /** Open elements from the root down (names only), and the captured subtree inside a statement. */
  const path: string[] = [];
  let statement: XmlElement | null = null;
  const stack: XmlElement[] = [];
  let inMessage = false;

  parser.on("doctype", () => {
    throw new StatementUnreadableError(
      "the XML file declares a DOCTYPE; statements never need one and it is not read (no entity expansion)",
      `line ${parser.line}`,
    );
  });
  parser.on("opentag", (tag) => {
    const name = localName(tag.name);
    if (path.length === 0) result.rootName = name;
    for (const [key, value] of Object.entries(tag.attributes)) {
      if ((key === "xmlns" || key.startsWith("xmlns:")) && typeof value === "string") result.namespaces.push(value);
    }
    path.push(name);
    const message = messageOf(name);
    if (message && !inMessage) {
      inMessage = true;
      result.message ??= message;
    }
    if (statement) {
      const element: XmlElement = {
        name,
        attributes: tag.attributes as Record<string, string>,
        children: [],
        text: "",
        line: parser.line,
      };
      stack[stack.length - 1]!.children.push(element);
      stack.push(element);
    } else if (inMessage && STATEMENT_NAMES.has(name) && messageOf(path[path.length - 2] ?? "")) {
      statement = { name, attributes: {}, children: [], text: "", line: parser.line };
      stack.push(statement);
    }
  });
  const addText = (value: string) => {
    const current = stack[stack.length - 1];
    if (current) current.text += value;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", (tag) => {
    const name = localName(tag.name);
    path.pop();
    if (messageOf(name) && !path.some((open) => messageOf(open))) inMessage = false;
    if (!statement) return;
    const element = stack.pop()!;
    if (element === statement) {
      handlers.statement(statement);
      statement = null;
      return;
    }
    const parent = stack[stack.length - 1];
    if (element.name === "Ntry" && parent === statement) {
      handlers.entry(element, statement);
      // Entries are read; keep only what comes after them in memory.
      statement.children.pop();
    }
  });

  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof StatementUnreadableError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    // saxes prefixes its messages with "line:column: ".
    const found = /^(?:[^:]*:)?(\d+):(\d+): (.*)$/s.exec(message);
    throw new StatementUnreadableError(
      `the XML is not well-formed: ${found ? found[3] : message}`,
      `line ${found ? found[1] : parser.line}`,
    );
  }
  return result;
}
