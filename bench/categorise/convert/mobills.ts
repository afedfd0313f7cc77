/**
 * A Mobills expense export (the Brazilian budgeting app: a workbook of `Data, Descrição, Categoria,
 * Conta, Valor`, each row an expense the person categorised in the app) as labelled rows. Dates are
 * written in Portuguese ("28 fevereiro 2018"), amounts as "R$1.234,56", all expenses and all positive:
 * each is read as money out. Left out, as transfers between the person's own accounts: cash
 * withdrawals ("Saque", "previsao saque", and the ATMs' "CX ITAU", "BCO24H" texts) and the credit card's
 * bill ("Fatura C.Crédito"); rows without a category or text, and zero amounts.
 */
import XLSX from "sheetjs-style";
import type { LabelledRow } from "../corpus";

const MONTHS = "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro".split(" ");
const HEADER = ["Data", "Descrição", "Categoria", "Conta", "Valor"];

function isOwnTransfer(description: string, category: string): boolean {
  return (
    category === "Fatura C.Crédito" ||
    /^(?:saque|previsao saque)$/i.test(description) ||
    /^(?:CX ITAU|BCO24H)/i.test(description)
  );
}

function isoDate(text: string): string {
  const [day = "", month = "", year = ""] = text.trim().split(/\s+/);
  const index = MONTHS.indexOf(month.toLowerCase());
  if (index < 0 || !/^\d{4}$/.test(year)) throw new Error(`mobills: unreadable date "${text}"`);
  return `${year}-${String(index + 1).padStart(2, "0")}-${day.padStart(2, "0")}`;
}

export function mobillsToRows(bytes: Buffer): LabelledRow[] {
  const book = XLSX.read(bytes, { type: "buffer" });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: "" });
  const at = (row: readonly string[], name: string) => String(row[HEADER.indexOf(name)] ?? "").trim();
  if (HEADER.some((name, i) => rows[0]?.[i] !== name)) throw new Error("mobills: not the expected columns");
  const labelled: LabelledRow[] = [];
  for (const row of rows.slice(1)) {
    const [description, category] = [at(row, "Descrição"), at(row, "Categoria")];
    if (description === "" || category === "" || isOwnTransfer(description, category)) continue;
    const value = at(row, "Valor").replace("R$", "").replaceAll(".", "").replace(",", ".").replace("-", "").trim();
    if (value === "" || Number(value) === 0) continue;
    labelled.push({
      date: isoDate(at(row, "Data")),
      description,
      counterparty: "",
      amount: `-${value}`,
      account: at(row, "Conta"),
      category,
    });
  }
  return labelled;
}
