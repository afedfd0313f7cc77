/**
 * A household's bookings from a MySQL dump (Adminer), as horald/joorgportal-php5 keeps its owners'
 * accounts: the `INSERT INTO \`tblktosal\`` rows, read by column name. Description is `fldBez`,
 * category `fldKonto` (the household's own account names: EINKAUF, LEBEN, KIND, ...), amount
 * `fldBetrag` (negative = out), account `fldInhaber`.
 *
 * Left out (SOURCES.md): transfers and cash withdrawals (UMBUCH, ABHEBUNG), rows without a category
 * or a date, deleted rows, and rows imported from the bank (`fldArt` I), which the software's
 * keyword rules may have categorised. Text stored as UTF-8 read as Latin-1 ("brÃ¶tchen") is mended.
 */
import type { LabelledRow } from "../corpus";

const NOT_SPENDING = new Set(["UMBUCH", "ABHEBUNG", ""]);

/** The values of one `(...)` tuple of an INSERT: numbers as text, strings unquoted, NULL as null. */
function tupleValues(line: string): Array<string | null> {
  const values: Array<string | null> = [];
  let index = line.indexOf("(") + 1;
  while (index < line.length) {
    while (line[index] === " " || line[index] === "\t") index++;
    if (line[index] === "'") {
      let text = "";
      index++;
      while (index < line.length && line[index] !== "'") {
        if (line[index] === "\\") index++;
        text += line[index++];
      }
      values.push(text);
      index++;
    } else {
      const end = line.slice(index).search(/[,)]/);
      const raw = line.slice(index, end < 0 ? undefined : index + end).trim();
      values.push(raw === "NULL" ? null : raw);
      index = end < 0 ? line.length : index + end;
    }
    if (line[index] === ")") break;
    index++; // the comma
  }
  return values;
}

function mended(text: string): string {
  if (!/[ÃÂ][\u0080-\u00ff]/.test(text)) return text;
  const decoded = Buffer.from(text, "latin1").toString("utf8");
  return decoded.includes("\ufffd") ? text : decoded;
}

export function sqlLedgerToRows(dump: string, table = "tblktosal"): LabelledRow[] {
  const rows: LabelledRow[] = [];
  const lines = dump.split("\n");
  for (let at = 0; at < lines.length; at++) {
    const head = lines[at]!;
    if (!head.startsWith(`INSERT INTO \`${table}\``)) continue;
    const columns = [...head.matchAll(/`(\w+)`/g)].map((match) => match[1]!).slice(1);
    for (at++; at < lines.length && lines[at]!.startsWith("("); at++) {
      const values = tupleValues(lines[at]!);
      const field = (name: string) => values[columns.indexOf(name)] ?? "";
      const category = field("fldKonto").trim();
      const date = field("fldDatum");
      if (NOT_SPENDING.has(category) || !/^\d{4}-\d\d-\d\d$/.test(date) || date.startsWith("0000")) continue;
      if (field("fldArt") === "I" || field("flddel") === "Y") continue;
      const description = mended(field("fldBez")).replace(/\s+/g, " ").trim();
      if (description === "") continue;
      rows.push({
        date,
        description,
        counterparty: "",
        amount: Number(field("fldBetrag")).toFixed(2),
        account: field("fldInhaber").trim(),
        category,
      });
      if (lines[at]!.trimEnd().endsWith(";")) break;
    }
  }
  return rows;
}
