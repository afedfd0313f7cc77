"use client";

import { amountClass, formatMoney } from "../money";
import { DataTable } from "../page-parts";
import { CategoryOptions } from "./category-options";
import { TYPE_LABELS, type CategoryOverview, type TransactionItem } from "./transaction-types";

interface Props {
  transactions: TransactionItem[];
  categories: CategoryOverview | undefined;
  categorising: string | null;
  onCategorise: (transaction: TransactionItem, categoryId: string | null) => void;
  onEdit: (transaction: TransactionItem) => void;
  onDelete: (transaction: TransactionItem) => void;
}

/** Transactions newest first; expenses and income are categorised in place. */
export function TransactionTable({ transactions, categories, categorising, onCategorise, onEdit, onDelete }: Props) {
  return (
    <DataTable
      caption="Transactions, newest first"
      className="transactions-table"
      columns={["Date", "Description", "Account", "Category", { label: "Amount", className: "money-cell" }]}
      actions
    >
      {transactions.map((transaction) => (
        <tr key={transaction.id}>
          <td className="nowrap">{transaction.date}</td>
          <td>
            <div>{transaction.description}</div>
            {transaction.counterparty ? <div className="muted small">{transaction.counterparty}</div> : null}
            {transaction.notes ? <div className="muted small note">{transaction.notes}</div> : null}
          </td>
          <td>
            <div>{transaction.account_name}</div>
            <div className="muted small">{TYPE_LABELS[transaction.type]}</div>
          </td>
          <td>
            {transaction.type === "transfer" ? (
              <span className="transfer-note">
                {transaction.amount.startsWith("-") ? "→ to " : "← from "}
                {transaction.peer_account_name ?? "another account"}
              </span>
            ) : (
              <select
                className="inline-select"
                aria-label={`Category of ${transaction.description} on ${transaction.date}`}
                value={transaction.category_id ?? ""}
                disabled={categorising === transaction.id}
                onChange={(event) => onCategorise(transaction, event.target.value || null)}
              >
                <option value="">Uncategorised</option>
                <CategoryOptions overview={categories} current={transaction.category_id} />
              </select>
            )}
          </td>
          <td className={amountClass(transaction.amount)}>
            <div className="nowrap">{formatMoney(transaction.amount, transaction.currency_code)}</div>
            {transaction.foreign_amount && transaction.foreign_currency_code ? (
              <div className="muted small nowrap">{formatMoney(transaction.foreign_amount, transaction.foreign_currency_code)}</div>
            ) : null}
          </td>
          <td className="actions">
            <button type="button" className="button button-small" onClick={() => onEdit(transaction)} aria-label={`Edit ${transaction.description} on ${transaction.date}`}>
              Edit
            </button>{" "}
            <button
              type="button"
              className="button button-small button-danger-outline"
              onClick={() => onDelete(transaction)}
              aria-label={`Delete ${transaction.description} on ${transaction.date}`}
            >
              Delete
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
