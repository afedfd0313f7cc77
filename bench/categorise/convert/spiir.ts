/**
 * A Spiir export (the Danish budgeting app: `;`-separated, decimal comma, dates `dd-mm-yyyy`) to
 * corpus rows: description is the bank's own text (`OriginalDescription`, what an import reads),
 * account the Spiir account name, category Spiir's `CategoryName` as the person kept it. Rows without
 * a category (Spiir leaves transfers and unreviewed rows empty) are left out.
 *
 *   npx tsx bench/categorise/convert/spiir.ts <spiir csv>... <corpus csv>
 */
import { readFileSync, writeFileSync } from "node:fs";
import Papa from "papaparse";
import { rowsToCsv, type LabelledRow } from "../corpus";

export function spiirToRows(text: string): LabelledRow[] {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    delimiter: ";",
    skipEmptyLines: true,
  });
  const rows: LabelledRow[] = [];
  for (const record of parsed.data) {
    const category = (record.CategoryName ?? "").trim();
    const [d, m, y] = (record.Date ?? "").split("-");
    if (category === "" || !y || !m || !d) continue;
    rows.push({
      date: `${y}-${m}-${d}`,
      description: (record.OriginalDescription || record.Description || "").trim(),
      counterparty: "",
      amount: (record.Amount ?? "").replaceAll(".", "").replace(",", "."),
      account: record.AccountName ?? "",
      category,
    });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const output = args.pop();
  if (!output || args.length === 0) throw new Error("usage: spiir.ts <spiir csv>... <corpus csv>");
  const rows = args.flatMap((file) => spiirToRows(readFileSync(file, "utf8")));
  writeFileSync(output, rowsToCsv(rows));
  console.log(`${output}: ${rows.length} rows, ${new Set(rows.map((r) => r.category)).size} categories`);
}
