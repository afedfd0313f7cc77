"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { Dispatch, SetStateAction } from "react";
import { MAX_ACCOUNTS_PER_WALLET } from "@/server/routers/wallets/schemas";
import { FieldError, formValue, TextField } from "../form-fields";
import { AmountField, SelectField } from "../manage-fields";
import { useTRPC } from "../trpc-provider";

/** One currency row of the new-wallet form; `key` keeps React's rows apart when one is removed. */
export interface AccountRow {
  key: number;
  currency: string;
}

const PREFERRED = ["EUR", "USD", "GBP", "CHF", "JPY"];

export function readAccountRows(data: FormData, rows: AccountRow[]) {
  return rows.map((row) => ({
    currency_code: formValue(data, `account-${row.key}-currency`),
    opening_balance: formValue(data, `account-${row.key}-opening`).trim() || "0",
    opening_balance_date: formValue(data, `account-${row.key}-date`),
  }));
}

/** The wallet's accounts: one per currency, each with its opening balance and the day it held it. */
export function AccountRowsFieldset({
  rows,
  setRows,
  today,
  errors,
}: {
  rows: AccountRow[];
  setRows: Dispatch<SetStateAction<AccountRow[]>>;
  today: string;
  errors: Record<string, string>;
}) {
  const t = useTranslations("wallets.accountRows");
  const trpc = useTRPC();
  const currencies = useQuery(trpc.wallets.currencies.queryOptions());
  const codes = currencies.data?.map((currency) => currency.code) ?? PREFERRED;
  const addRow = () =>
    setRows((current) => {
      const used = new Set(current.map((row) => row.currency));
      const next = [...PREFERRED, ...codes].find((code) => !used.has(code)) ?? "EUR";
      return [...current, { key: Math.max(-1, ...current.map((row) => row.key)) + 1, currency: next }];
    });

  return (
    <fieldset className="field account-rows">
      <legend>{t("legend")}</legend>
      <p className="field-hint">{t("hint")}</p>
      <FieldError message={errors.accounts} />
      {rows.map((row, index) => (
        <fieldset key={row.key} className="account-row" aria-label={t("account", { number: String(index + 1) })}>
          <SelectField
            label={t("currency")}
            name={`account-${row.key}-currency`}
            value={row.currency}
            onChange={(event) =>
              setRows((current) =>
                current.map((item) => (item.key === row.key ? { ...item, currency: event.target.value } : item)),
              )
            }
            error={errors[`accounts.${index}.currency_code`]}
          >
            {(currencies.data ?? PREFERRED.map((code) => ({ code, name: code }))).map((currency) => (
              <option key={currency.code} value={currency.code}>
                {currency.code} · {currency.name}
              </option>
            ))}
          </SelectField>
          <AmountField
            label={t("openingBalance")}
            name={`account-${row.key}-opening`}
            error={errors[`accounts.${index}.opening_balance`]}
          />
          <TextField
            label={t("openingDate")}
            name={`account-${row.key}-date`}
            type="date"
            defaultValue={today}
            error={errors[`accounts.${index}.opening_balance_date`]}
          />
          <button
            type="button"
            className="button button-small"
            onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
            disabled={rows.length === 1}
            aria-label={t("removeAccount", { number: String(index + 1) })}
          >
            {t("remove")}
          </button>
        </fieldset>
      ))}
      <div>
        <button
          type="button"
          className="button button-small"
          onClick={addRow}
          disabled={rows.length >= MAX_ACCOUNTS_PER_WALLET}
        >
          {t("addCurrency")}
        </button>
      </div>
    </fieldset>
  );
}
