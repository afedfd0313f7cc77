"use client";

import { useTranslations } from "next-intl";
import { useRememberedReadings } from "../imports/remembered-readings";
import type { ParseOptions } from "../imports/import-types";
import type { WalletAccount } from "./wallet-types";

type ReadingsTranslator = ReturnType<typeof useTranslations<"wallets.readings">>;

/** The accounts' remembered statement readings ("Remember for this account" on the imports page), each with Forget. */
export function AccountReadings({ accounts }: { accounts: WalletAccount[] }) {
  const t = useTranslations("wallets.readings");
  const readings = useRememberedReadings();
  const remembered = accounts.flatMap((account) => {
    const options = readings.of(account.id);
    return options ? [{ account, options }] : [];
  });
  if (remembered.length === 0) return null;
  return (
    <section className="card stack" aria-labelledby="account-readings-title">
      <h2 id="account-readings-title">{t("title")}</h2>
      <p className="muted small">{t("intro")}</p>
      <ul className="reading-list">
        {remembered.map(({ account, options }) => (
          <li key={account.id}>
            <div>
              <strong>{account.currency.code}</strong>: {describe(options, t)}
            </div>
            <button
              type="button"
              className="button button-small"
              disabled={readings.forget.isPending}
              onClick={() => readings.forget.mutate({ account_id: account.id })}
              aria-label={t("forgetLabel", { code: account.currency.code })}
            >
              {t("forget")}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "columns: date = Vorp, amount = Zimble; date format MM/DD/YYYY; decimal comma". */
function describe(options: ParseOptions, t: ReadingsTranslator): string {
  const parts: string[] = [];
  const columns = Object.entries(options.columns ?? {}).map(([role, ref]) => {
    const refs = (Array.isArray(ref) ? ref : [ref]).map((one) =>
      typeof one === "number" ? t("column", { number: String(one + 1) }) : t("quoted", { name: one }),
    );
    return `${t("role", { role })} = ${refs.join(" + ")}`;
  });
  if (columns.length > 0) parts.push(t("columns", { columns: columns.join(", ") }));
  if (options.header_row === null) parts.push(t("noHeaderRow"));
  else if (options.header_row !== undefined) parts.push(t("headerInRow", { row: String(options.header_row) }));
  if (options.date_format) parts.push(t("dateFormat", { format: options.date_format }));
  if (options.decimal_separator) parts.push(options.decimal_separator === "," ? t("decimalComma") : t("decimalPoint"));
  if (options.sheet !== undefined) parts.push(t("sheet", { sheet: options.sheet }));
  return parts.join("; ") || t("settingsSaved");
}
