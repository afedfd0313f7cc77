/**
 * The labelled corpus: one CSV per real history (SOURCES.md says where each comes from), in the
 * columns `date,description,counterparty,amount,account,category`.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Papa from "papaparse";

/** One labelled transaction as the corpus holds it; amount is a decimal string, negative for money out. */
export type LabelledRow = {
  date: string;
  description: string;
  counterparty: string;
  amount: string;
  account: string;
  category: string;
};

export type History = { id: string; rows: LabelledRow[] };

const COLUMNS = ["date", "description", "counterparty", "amount", "account", "category"] as const;

const CORPUS_DIR = path.join(import.meta.dirname, "corpus");

/** RFC 4180: a field is quoted when it holds a comma, a quote or a line break; quotes are doubled. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function rowsToCsv(rows: readonly LabelledRow[]): string {
  const lines = [COLUMNS.join(","), ...rows.map((row) => COLUMNS.map((c) => csvField(row[c])).join(","))];
  return lines.join("\r\n") + "\r\n";
}

function parseCorpusCsv(text: string, name: string): LabelledRow[] {
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  const missing = COLUMNS.filter((c) => !parsed.meta.fields?.includes(c));
  if (missing.length > 0) throw new Error(`${name}: missing column(s) ${missing.join(", ")}`);
  if (parsed.errors.length > 0) throw new Error(`${name}: ${parsed.errors[0]?.message} (row ${parsed.errors[0]?.row})`);
  return parsed.data.map((record) => ({
    date: record.date ?? "",
    description: record.description ?? "",
    counterparty: record.counterparty ?? "",
    amount: record.amount ?? "",
    account: record.account ?? "",
    category: record.category ?? "",
  }));
}

/** Every `corpus/<id>.csv`, in name order. */
export function loadCorpus(dir: string = CORPUS_DIR): History[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".csv"))
    .sort()
    .map((file) => ({
      id: file.replace(/\.csv$/, ""),
      rows: parseCorpusCsv(readFileSync(path.join(dir, file), "utf8"), file),
    }));
}
