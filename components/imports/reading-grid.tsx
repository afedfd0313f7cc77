"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { useFormat } from "../locale/locale-provider";
import { amountClass } from "../money";
import { ErrorNotice } from "../page-parts";
import type { FileInspection } from "./import-types";
import { columnName, ROLES, type Role } from "./reading-options";

/** The parts of the column-mapping editor (reading-editor.tsx): a labelled select, the grid, the preview. */

export interface Choice {
  value: string;
  label: string;
}

export function Select({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Choice[];
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The file's first rows, a role picker above each column; the header row stands out. */
export function ColumnGrid({
  head,
  headerRow,
  roles,
  onRole,
}: {
  head: NonNullable<FileInspection["head"]>;
  headerRow: number | null;
  roles: Array<Role | "">;
  onRole: (column: number, role: Role | "") => void;
}) {
  const t = useTranslations("imports.grid");
  const header = head.rows.find((row) => row.row === headerRow)?.cells ?? [];
  const columns = Array.from({ length: head.column_count }, (_, index) => index);
  return (
    <div className="table-scroll reading-grid" role="region" tabIndex={0} aria-label={t("label")}>
      <table className="table">
        <caption className="visually-hidden">{t("caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("row")}</th>
            {columns.map((column) => {
              const name = header[column] || columnName(column, head.sheets !== undefined);
              return (
                <th key={column} scope="col" className={roles[column] ? "reading-column-used" : undefined}>
                  <select
                    aria-label={t("column", { name })}
                    value={roles[column] ?? ""}
                    onChange={(event) => onRole(column, event.target.value as Role | "")}
                  >
                    <option value="">{t("notUsed")}</option>
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {t("role", { role })}
                      </option>
                    ))}
                  </select>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {head.rows.map((row) => (
            <tr key={row.row} className={row.row === headerRow ? "reading-header-row" : undefined}>
              <th scope="row" className="numeric">
                {row.row}
              </th>
              {columns.map((column) => (
                <td key={column} className={roles[column] ? "reading-column-used" : undefined}>
                  {row.cells[column] ?? ""}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The first transactions as read with the options, or why the file cannot be read with them. */
export function ReadingPreview({ looked, stale, error }: { looked: FileInspection; stale: boolean; error: unknown }) {
  const t = useTranslations("imports.readingPreview");
  const format = useFormat();
  const more = looked.transaction_count > looked.transactions.length ? "yes" : "no";
  const first = String(looked.transactions.length);
  return (
    <div className="stack reading-preview" aria-busy={stale}>
      <h3>{t("title")}</h3>
      <ErrorNotice error={error} />
      {looked.error ? (
        <p role="alert" className="notice notice-error">
          {looked.error}
        </p>
      ) : (
        <p role="status" className="muted small">
          {stale
            ? t("again", { more, first })
            : t("count", {
                count: looked.transaction_count,
                shown: String(looked.transaction_count),
                more,
                first,
              })}
        </p>
      )}
      {looked.warnings.length > 0 ? (
        <ul className="small muted reading-warnings">
          {looked.warnings.slice(0, 5).map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
      {looked.transactions.length > 0 ? (
        <div className="table-scroll">
          <table className="table card-table">
            <caption className="visually-hidden">{t("caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("date")}</th>
                <th scope="col" className="money-cell">
                  {t("amount")}
                </th>
                <th scope="col">{t("description")}</th>
                <th scope="col">{t("counterparty")}</th>
              </tr>
            </thead>
            <tbody>
              {looked.transactions.map((transaction) => (
                <tr key={transaction.row}>
                  <td className="nowrap">{format.day(transaction.date)}</td>
                  <td className={`${amountClass(transaction.amount)} card-figure`}>
                    <span className="nowrap">{format.money(transaction.amount, transaction.currency_code ?? "")}</span>
                  </td>
                  <td data-label={t("description")}>{transaction.description}</td>
                  <td data-label={t("counterparty")}>{transaction.counterparty ?? <span className="muted">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
