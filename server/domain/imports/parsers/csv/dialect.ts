/**
 * The file's dialect (delimiter; quotes are always '"') and its records, each with the physical
 * line it starts on. Line endings are normalised first, so CR-only and CR CR LF files count lines
 * the way an editor shows them.
 */
import Papa from "papaparse";
import { StatementUnreadableError, type TableDelimiter } from "../types";

export type Delimiter = TableDelimiter;

export interface CsvRecord {
  /** Cells with surrounding whitespace kept; callers trim. */
  cells: string[];
  /** 1-based physical line where the record starts. */
  line: number;
}

/** The delimiters a table is tried with: "~" is HDFC Bank's (India). */
export const DELIMITERS: readonly Delimiter[] = [",", ";", "\t", "|", "~"];

/** CRLF, lone CR and lone LF all end a physical line. */
export function normaliseLineEndings(text: string): string {
  return text.includes("\r") ? text.replace(/\r\n|\r/g, "\n") : text;
}

/** The records the delimiter is judged on, and a head of the text that usually holds them all. */
const PREVIEW_RECORDS = 200;
const PREVIEW_CHARS = 256 * 1024;

function fieldCounts(text: string, delimiter: Delimiter): number[] {
  const options = { delimiter, newline: "\n", quoteChar: '"', preview: PREVIEW_RECORDS } as const;
  // Papa splits a quote-free text whole before `preview` stops it: read the head, and all of the text
  // only when the head does not hold every record looked at (`truncated`: `preview` stopped it).
  const head = Papa.parse<string[]>(text.slice(0, PREVIEW_CHARS), options);
  const result = head.meta.truncated || text.length <= PREVIEW_CHARS ? head : Papa.parse<string[]>(text, options);
  return result.data.filter((row) => row.some((cell) => cell.trim() !== "")).map((row) => row.length);
}

/**
 * The delimiter that splits the most lines into the same number of fields: for each candidate,
 * the best (lines with n fields) x (n - 1) over n, so a preamble of two-field lines cannot outvote
 * the table itself.
 */
export function detectDelimiter(text: string): Delimiter {
  let best: Delimiter = ",";
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const tally = new Map<number, number>();
    for (const count of fieldCounts(text, delimiter)) {
      if (count > 1) tally.set(count, (tally.get(count) ?? 0) + 1);
    }
    let score = 0;
    for (const [fields, lines] of tally) score = Math.max(score, lines * (fields - 1));
    // A tilde is a rare delimiter and a common character of text ("A~B" in a description): it must
    // split twice as well as the usual delimiters do.
    if (delimiter === "~" ? score > 2 * bestScore : score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Splits normalised text into records; an unterminated quote is unreadable at the line it opens.
 * With `maxRecords`, reading stops after one record more than that: a longer answer says the file
 * goes on (the caller refuses it), and memory stays bounded whatever the file holds.
 */
export function readRecords(whole: string, delimiter: Delimiter, maxRecords = Infinity): CsvRecord[] {
  const text = withoutBlanksAfterLastQuote(whole);
  const records: CsvRecord[] = [];
  let start = 0;
  let line = 1;
  let failure: { line: number } | null = null;
  let stopped = false;
  Papa.parse<string[]>(text, {
    delimiter,
    newline: "\n",
    quoteChar: '"',
    step: (result, parser) => {
      if (failure) return;
      if (records.length > maxRecords) {
        stopped = true;
        return parser.abort();
      }
      const cursor = result.meta.cursor;
      if (result.errors.some((error) => error.code === "MissingQuotes")) failure = { line };
      // A quote inside a quoted field that nobody doubled ("UAB "Naktida"", Swedbank Lithuania):
      // papaparse joins the field with the next one, and every later cell of the row moves left.
      const malformed = result.errors.some((error) => error.code === "InvalidQuotes");
      const cells = malformed
        ? lenientCells(text.slice(start, cursor), delimiter, records[records.length - 1]?.cells.length)
        : result.data;
      records.push({ cells, line });
      for (let i = text.indexOf("\n", start); i !== -1 && i < cursor; i = text.indexOf("\n", i + 1)) line++;
      start = cursor;
    },
  });
  // The empty "record" after the final line break is not a line of the file.
  const last = records[records.length - 1];
  if (!stopped && last && text.endsWith("\n") && last.cells.length === 1 && last.cells[0] === "") records.pop();
  if (failure) {
    throw new StatementUnreadableError("A quoted field is never closed", `line ${(failure as { line: number }).line}`);
  }
  return records;
}

/**
 * The text without the spaces or tabs after a closing quote at its very end (`"6309.01" `, the last
 * line of Wealthsimple's export): papaparse reads them as a quote never closed, and would refuse the
 * file; before a line break or a delimiter it skips them, as a person does.
 */
function withoutBlanksAfterLastQuote(text: string): string {
  let end = text.length;
  while (end > 0 && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--;
  return end < text.length && text.charCodeAt(end - 1) === 34 ? text.slice(0, end) : text;
}

/**
 * A record whose quoting is malformed, split as a person reads it: a quote inside a quoted field
 * ends the field only before a delimiter or the line's end (spaces between allowed), a doubled one
 * is a quote, and any other is a quote of the text. A doubled quote right before a delimiter is
 * either a quote of the text and the field's end (`"UAB "Naktida"",`) or a quote inside a field that
 * goes on (`"Say ""hi"", ok"`): both readings are made, and the one with as many cells as the
 * record before it is taken (else the first). Used only for the records papaparse reports as
 * malformed, so a valid file's fields are never split this way.
 */
export function lenientCells(raw: string, delimiter: string, width?: number): string[] {
  // Each doubled quote before a delimiter is read both ways (at most 2^6 readings; past that, as closing).
  const closing = splitLeniently(raw, delimiter, () => true);
  if (closing.cells.length === width || closing.choices === 0 || closing.choices > 6) return closing.cells;
  for (let mask = 0; mask < 2 ** closing.choices; mask++) {
    const reading = splitLeniently(raw, delimiter, (choice) => (mask & (1 << choice)) === 0);
    if (reading.cells.length === width) return reading.cells;
  }
  return closing.cells;
}

/** The cells, and how many doubled quotes before a delimiter `closes` was asked about (in order, from 0). */
function splitLeniently(
  raw: string,
  delimiter: string,
  closes: (choice: number) => boolean,
): { cells: string[]; choices: number } {
  let choices = 0;
  const text = raw.endsWith("\n") ? raw.slice(0, -1) : raw;
  const endsField = (at: number) => {
    let next = at;
    while (text[next] === " " || text[next] === "\t") next++;
    return next >= text.length || text.startsWith(delimiter, next);
  };
  const cells: string[] = [];
  let at = 0;
  for (;;) {
    let value = "";
    if (text[at] === '"') {
      at++;
      while (at < text.length) {
        if (text[at] !== '"') {
          value += text[at++];
        } else if (endsField(at + 1)) {
          at++;
          break;
        } else if (text[at + 1] === '"') {
          value += '"';
          at += 2;
          if (endsField(at) && closes(choices++)) break;
        } else {
          value += '"';
          at++;
        }
      }
      // Spaces between a closing quote and the delimiter are no part of the field (papaparse's reading).
      const end = text.indexOf(delimiter, at);
      const rest = end < 0 ? text.slice(at) : text.slice(at, end);
      value += rest.trim() === "" ? "" : rest;
      at = end < 0 ? text.length : end;
    } else {
      const end = text.indexOf(delimiter, at);
      value = end < 0 ? text.slice(at) : text.slice(at, end);
      at = end < 0 ? text.length : end;
    }
    cells.push(value);
    if (at >= text.length) return { cells, choices };
    at += delimiter.length;
  }
}
