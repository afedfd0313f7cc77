import type { SourceLine } from "./lines";

/** One tagged field (":61:...") with its continuation lines. */
export interface Mt940Field {
  tag: string;
  /** Line number of the tag. */
  line: number;
  /** The field's lines: the first without its tag; trailing spaces removed. */
  texts: string[];
  /** The same lines as written (the first with its tag, trailing spaces kept), for wrap decisions. */
  raws: string[];
}

/** A field, or the end of a message ("-", "-}", "-XXX"). */
export type Mt940Item = { kind: "field"; field: Mt940Field } | { kind: "end"; line: number };

const TAG = /^:(\d{2}[A-Z]?|NS):/;

/** Lines banks put around messages: "ABNANL2A", "940", "940 00", "0000 01INGBNL2AXXXX00001", ":940:". */
function isEnvelopeLine(text: string): boolean {
  const trimmed = text.trim();
  return (
    /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?(\/\d+)?$/.test(trimmed) ||
    /^\d{3}( \d{2})?$/.test(trimmed) ||
    /^0000 \d{2}[A-Z0-9]+$/.test(trimmed) ||
    trimmed === ":940:"
  );
}

/**
 * A lone "-" ends a message when what follows is another message, an envelope line or the end of
 * the file; otherwise it is text that a bank wrapped onto its own line (ING: "MND\n-\nEV01").
 */
function endsMessage(lines: SourceLine[], index: number): boolean {
  const text = lines[index]!.text.trim();
  if (/^-(XXX)?\}$|^-XXX$|^\}$/.test(text)) return true;
  if (text !== "-") return false;
  const next = lines.slice(index + 1).find((line) => line.text.trim() !== "");
  return !next || TAG.test(next.text) || isEnvelopeLine(next.text);
}

/**
 * Groups lines into fields. Lines outside any field (envelopes, free-text preambles) are
 * returned separately; they can name the bank.
 */
export function mt940Fields(lines: SourceLine[]): { items: Mt940Item[]; outside: string[] } {
  const items: Mt940Item[] = [];
  const outside: string[] = [];
  let current: Mt940Field | null = null;
  for (const [index, line] of lines.entries()) {
    const tag = TAG.exec(line.text);
    if (tag) {
      current = { tag: tag[1]!, line: line.number, texts: [line.text.slice(tag[0].length)], raws: [line.raw] };
      items.push({ kind: "field", field: current });
    } else if (line.text.trim() !== "" && endsMessage(lines, index)) {
      items.push({ kind: "end", line: line.number });
      current = null;
    } else if (current) {
      current.texts.push(line.text);
      current.raws.push(line.raw);
    } else if (line.text.trim() !== "") {
      outside.push(line.text);
    }
  }
  return { items, outside };
}
