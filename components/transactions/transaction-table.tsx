"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { useFormat } from "../locale/locale-provider";
import { amountClass } from "../money";
import { CategorySelect } from "./category-select";
import type { SortField, SortOrder } from "./transaction-query";
import type { CategoryOverview, TransactionItem } from "./transaction-types";
import { RowActions } from "../row-actions";

interface Props {
  caption: string;
  transactions: TransactionItem[];
  categories: CategoryOverview | undefined;
  categorising: string | null;
  selected: ReadonlySet<string>;
  sort: SortField;
  order: SortOrder;
  onSort: (field: SortField) => void;
  onSelect: (ids: string[], selected: boolean) => void;
  onCategorise: (transaction: TransactionItem, categoryId: string | null) => void;
  onEdit: (transaction: TransactionItem) => void;
  onDelete: (transaction: TransactionItem) => void;
  /** While an account is reconciled: each row's cleared mark as a checkbox. */
  reconciling?: boolean;
  onClearedChange?: (transaction: TransactionItem, cleared: boolean) => void;
  onUnlock?: (transaction: TransactionItem) => void;
  onSplit?: (transaction: TransactionItem) => void;
}

/** The counterparty says nothing new when it is the description again (ignoring case and spacing). */
function sameText(a: string, b: string): boolean {
  const plain = (text: string) => text.replace(/\s+/g, " ").trim().toLocaleLowerCase();
  return plain(a) === plain(b);
}

/** A checkbox that can show "some of them" (the select-all box while part of the page is chosen). */
export function SelectAllBox({
  label,
  count,
  chosen,
  onChange,
  className,
}: {
  label: string;
  count: number;
  chosen: number;
  onChange: (all: boolean) => void;
  className?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = chosen > 0 && chosen < count;
  }, [chosen, count]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={className}
      aria-label={label}
      checked={count > 0 && chosen === count}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

function SortHeader({
  field,
  label,
  sort,
  order,
  onSort,
  className,
}: {
  field: SortField;
  label: string;
  sort: SortField;
  order: SortOrder;
  onSort: (field: SortField) => void;
  className?: string;
}) {
  const active = field === sort;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (order === "asc" ? "ascending" : "descending") : undefined}
    >
      <button type="button" className="sort-button" onClick={() => onSort(field)}>
        {label}
        <span className={active ? "sort-mark sort-mark-active" : "sort-mark"} aria-hidden="true">
          {active ? (order === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </button>
    </th>
  );
}

/**
 * One page of transactions in the order the server gave; a click on a column head sorts by it (again:
 * the other way). Expenses and income are categorised in place; rows are chosen for bulk changes.
 * On a phone each row is a card (app/styles/transactions.css).
 */
export function TransactionTable({
  caption,
  transactions,
  categories,
  categorising,
  selected,
  sort,
  order,
  onSort,
  onSelect,
  onCategorise,
  onEdit,
  onDelete,
  reconciling = false,
  onClearedChange,
  onUnlock,
  onSplit,
}: Props) {
  const t = useTranslations("transactions.table");
  const tTypes = useTranslations("transactions.types");
  const format = useFormat();
  const ids = transactions.map((transaction) => transaction.id);
  const chosen = ids.filter((id) => selected.has(id)).length;
  const sorting = { sort, order, onSort };
  // A list of one account carries each row's balance after it (the API's running_balance), as a statement does.
  const showBalance = transactions.some((transaction) => transaction.running_balance !== null);
  /** "→ to Savings" for money sent, "← from Savings" for money received. */
  const transferNote = (sent: boolean, peer: string | null) => {
    if (peer === null) return sent ? t("transferToOther") : t("transferFromOther");
    return sent ? t("transferTo", { account: peer }) : t("transferFrom", { account: peer });
  };
  return (
    <div className="table-scroll tx-table-scroll">
      <table className="table transactions-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="tx-select">
              <SelectAllBox
                label={t("selectAll")}
                count={ids.length}
                chosen={chosen}
                onChange={(all) => onSelect(ids, all)}
              />
            </th>
            <SortHeader field="date" label={t("columns.date")} {...sorting} />
            <SortHeader field="description" label={t("columns.description")} {...sorting} />
            <th scope="col">{t("columns.account")}</th>
            <SortHeader field="category" label={t("columns.category")} {...sorting} />
            <SortHeader field="amount" label={t("columns.amount")} className="money-cell" {...sorting} />
            {showBalance ? (
              <th scope="col" className="money-cell tx-balance">
                {t("columns.balance")}
              </th>
            ) : null}
            {reconciling ? (
              <th scope="col" className="tx-cleared">
                {t("columns.cleared")}
              </th>
            ) : null}
            <th scope="col">
              <span className="visually-hidden">{t("columns.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((transaction) => {
            const day = format.day(transaction.date);
            const isSelected = selected.has(transaction.id);
            return (
              <tr
                key={transaction.id}
                data-id={transaction.id}
                className={isSelected ? "tx-row tx-row-selected" : "tx-row"}
              >
                <td className="tx-select">
                  <input
                    type="checkbox"
                    checked={isSelected}
                    aria-label={t("selectRow", { description: transaction.description, day })}
                    onChange={(event) => onSelect([transaction.id], event.target.checked)}
                  />
                </td>
                <td className="tx-date nowrap">{day}</td>
                <td className="tx-description">
                  <div className="tx-title">{transaction.description}</div>
                  {transaction.counterparty && !sameText(transaction.counterparty, transaction.description) ? (
                    <div className="muted small tx-counterparty">{transaction.counterparty}</div>
                  ) : null}
                  {transaction.notes ? <div className="muted small note">{transaction.notes}</div> : null}
                  {transaction.tags.length > 0 ? (
                    <div className="tx-tags">
                      {transaction.tags.map((tag) => (
                        <Link
                          key={tag}
                          className="tag-chip"
                          href={`/transactions?tag=${encodeURIComponent(tag)}`}
                          aria-label={t("tagLink", { tag })}
                        >
                          {tag}
                        </Link>
                      ))}
                    </div>
                  ) : null}
                </td>
                <td className="tx-account">
                  <div>{transaction.account_name}</div>
                  <div className="muted small">
                    {tTypes(transaction.type)}
                    {transaction.reconciled ? (
                      <span className="tx-state"> · {t("reconciled")}</span>
                    ) : transaction.cleared ? (
                      <span className="tx-state"> · {t("cleared")}</span>
                    ) : null}
                  </div>
                </td>
                <td className="tx-category">
                  {transaction.type === "transfer" ? (
                    <span className="transfer-note">
                      {transferNote(transaction.amount.startsWith("-"), transaction.peer_account_name)}
                    </span>
                  ) : transaction.parts.length > 0 ? (
                    <div className="tx-split">
                      <div className="muted small">{t("splitInto", { count: transaction.parts.length })}</div>
                      <ul className="tx-parts">
                        {transaction.parts.map((part) => (
                          <li key={part.id}>
                            <span>{part.category_name ?? t("noCategory")}</span>{" "}
                            <span className="nowrap">{format.money(part.amount, transaction.currency_code)}</span>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : (
                    <CategorySelect
                      transaction={transaction}
                      label={t("categoryOf", { description: transaction.description, day })}
                      categories={categories}
                      disabled={categorising === transaction.id}
                      onCategorise={onCategorise}
                    />
                  )}
                </td>
                <td className={`${amountClass(transaction.amount)} tx-amount`} data-amount={transaction.amount}>
                  <div className="nowrap">{format.money(transaction.amount, transaction.currency_code)}</div>
                  {transaction.foreign_amount && transaction.foreign_currency_code ? (
                    <div className="muted small nowrap">
                      {format.money(transaction.foreign_amount, transaction.foreign_currency_code)}
                    </div>
                  ) : null}
                </td>
                {showBalance ? (
                  <td className="money-cell tx-balance nowrap" data-balance={transaction.running_balance ?? ""}>
                    {transaction.running_balance === null
                      ? ""
                      : format.money(transaction.running_balance, transaction.currency_code)}
                  </td>
                ) : null}
                {reconciling ? (
                  <td className="tx-cleared">
                    <input
                      type="checkbox"
                      checked={transaction.cleared}
                      disabled={transaction.reconciled}
                      aria-label={t("clearedRow", { description: transaction.description, day })}
                      onChange={(event) => onClearedChange?.(transaction, event.target.checked)}
                    />
                  </td>
                ) : null}
                <td className="actions tx-actions">
                  <RowActions
                    item={t("row", { description: transaction.description, day })}
                    actions={[
                      { label: t("edit"), onClick: () => onEdit(transaction) },
                      ...(transaction.type !== "transfer" && onSplit
                        ? [{ label: t("split"), onClick: () => onSplit(transaction) }]
                        : []),
                      ...(transaction.reconciled && onUnlock
                        ? [{ label: t("unlock"), onClick: () => onUnlock(transaction) }]
                        : []),
                      { label: t("delete"), danger: true, onClick: () => onDelete(transaction) },
                    ]}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
