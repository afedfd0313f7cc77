"use client";

import { useRememberedReadings } from "../imports/remembered-readings";
import type { ParseOptions } from "../imports/import-types";
import type { WalletAccount } from "./wallet-types";

const ROLE_NAMES: Record<string, string> = {
  date: "date",
  value_date: "value date",
  amount: "amount",
  debit: "money out",
  credit: "money in",
  indicator: "debit/credit mark",
  description: "description",
  counterparty: "counterparty",
  reference: "reference",
  balance: "balance",
  currency: "currency",
};

/** The accounts' remembered statement readings ("Remember for this account" on the imports page), each with Forget. */
export function AccountReadings({ accounts }: { accounts: WalletAccount[] }) {
  const readings = useRememberedReadings();
  const remembered = accounts.flatMap((account) => {
    const options = readings.of(account.id);
    return options ? [{ account, options }] : [];
  });
  if (remembered.length === 0) return null;
  return (
    <section className="card stack" aria-labelledby="account-readings-title">
      <h2 id="account-readings-title">How statements are read</h2>
      <p className="muted small">Uploads to these accounts that bring no settings of their own are read this way.</p>
      <ul className="reading-list">
        {remembered.map(({ account, options }) => (
          <li key={account.id}>
            <div>
              <strong>{account.currency.code}</strong>: {describe(options)}
            </div>
            <button
              type="button"
              className="button button-small"
              disabled={readings.forget.isPending}
              onClick={() => readings.forget.mutate({ account_id: account.id })}
              aria-label={`Forget how ${account.currency.code} statements are read`}
            >
              Forget
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "columns: date = Vorp, amount = Zimble; date format MM/DD/YYYY; decimal comma". */
function describe(options: ParseOptions): string {
  const parts: string[] = [];
  const columns = Object.entries(options.columns ?? {}).map(([role, ref]) => {
    const refs = (Array.isArray(ref) ? ref : [ref]).map((one) =>
      typeof one === "number" ? `column ${one + 1}` : `“${one}”`,
    );
    return `${ROLE_NAMES[role] ?? role} = ${refs.join(" + ")}`;
  });
  if (columns.length > 0) parts.push(`columns ${columns.join(", ")}`);
  if (options.header_row === null) parts.push("no header row");
  else if (options.header_row !== undefined) parts.push(`header in row ${options.header_row}`);
  if (options.date_format) parts.push(`date format ${options.date_format}`);
  if (options.decimal_separator) parts.push(options.decimal_separator === "," ? "decimal comma" : "decimal point");
  if (options.sheet !== undefined) parts.push(`sheet ${options.sheet}`);
  return parts.join("; ") || "the settings saved";
}
