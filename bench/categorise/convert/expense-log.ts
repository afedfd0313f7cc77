/**
 * A personal expense log kept as a header-less CSV inside a JavaScript template literal
 * (`export const expensesCsv = \`...\``), as IAfanasov/home-finances-react migrated its owner's
 * budget sheets: columns amount in EUR, EUR again, amount as paid, its currency, account, category,
 * date (`YYYY-MM-DD`, a few `dd/mm/yyyy`), note. Every row is money out.
 *
 * What is kept (SOURCES.md says why): rows with a note (a row without one has no text to learn
 * from, and no bank prints a row without text), dated before 2022-08-01, and not of the accounts
 * the owner's own app imported from the bank from then on with keyword rules (ABN, Revolut): those
 * categories are partly a rule's, not the person's. Description is the note (a hand-typed word or
 * the bank's text), amount the amount as paid, negative.
 */
import Papa from "papaparse";
import type { LabelledRow } from "../corpus";

const RULE_IMPORTED_ACCOUNTS = /^(ABN|Revolut)/i;
const RULES_FROM = "2022-08-01";

function isoDate(text: string): string | null {
  const iso = /^(\d{4})-(\d\d)-(\d\d)/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const dmy = /^(\d\d)\/(\d\d)\/(\d{4})/.exec(text);
  return dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : null;
}

export function expenseLogToRows(text: string): LabelledRow[] {
  const body = text.slice(text.indexOf("`") + 1, text.lastIndexOf("`"));
  const rows: LabelledRow[] = [];
  for (const record of Papa.parse<string[]>(body, { skipEmptyLines: true }).data) {
    const [, , paid, , account = "", category = "", day = "", note = ""] = record;
    const date = isoDate(day.trim());
    const description = note.replace(/\s+/g, " ").trim();
    if (!date || date >= RULES_FROM || description === "" || category.trim() === "") continue;
    if (RULE_IMPORTED_ACCOUNTS.test(account.trim())) continue;
    const amount = Number(paid);
    if (!Number.isFinite(amount)) continue;
    rows.push({
      date,
      description,
      counterparty: "",
      amount: (-amount).toFixed(2),
      account: account.trim(),
      category: category.trim(),
    });
  }
  return rows;
}
