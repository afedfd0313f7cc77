"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { TRANSACTION_TEXT_MAX } from "@/server/domain/transactions/text-limits";
import { splitAliases } from "@/server/routers/categories/schemas";
import { createTransactionInput, updateTransactionInput } from "@/server/routers/transactions/schemas";
import { formValue, TextField } from "../form-fields";
import { useFormat } from "../locale/locale-provider";
import { AmountField, NamedOptions, SelectField, TextAreaField } from "../manage-fields";
import { DialogForm, Modal } from "../modal";
import { useCreateOrUpdate, type SaveDialogProps } from "../save-dialog";
import { useSchemaForm } from "../schema-form";
import { useTRPC } from "../trpc-provider";
import { useWorkspaceToday } from "../workspace-today";
import { CategoryOptions } from "./category-options";
import type { AccountOption, CategoryOverview, TransactionItem } from "./transaction-types";

const FIELDS = [
  "type",
  "account_id",
  "date",
  "amount",
  "description",
  "counterparty",
  "notes",
  "category_id",
  "tags",
] as const;

interface Props extends SaveDialogProps {
  /** The transaction to edit; a new one when absent. */
  transaction?: TransactionItem;
  accounts: AccountOption[];
  categories: CategoryOverview | undefined;
  defaultAccountId?: string;
}

/** A new expense or income (amount typed positive), or an edit of any transaction. */
export function TransactionFormDialog(props: Props) {
  const t = useTranslations("transactions.form");
  const title = props.transaction ? t("editTitle") : t("newTitle");
  return (
    <Modal open={props.open} title={title} onClose={props.onClose} className="modal-wide">
      <TransactionForm {...props} />
    </Modal>
  );
}

function TransactionForm({ transaction, accounts, categories, defaultAccountId, onClose, onSaved }: Props) {
  const t = useTranslations("transactions.form");
  const trpc = useTRPC();
  const today = useWorkspaceToday();
  const form = useSchemaForm(FIELDS);
  const format = useFormat();
  const [accountId, setAccountId] = useState(transaction?.account_id ?? defaultAccountId ?? accounts[0]?.id ?? "");
  const { create, update, saving } = useCreateOrUpdate(trpc.transactions, transaction !== undefined, {
    onSaved,
    onClose,
  });
  const errors = form.errors(saving.error);
  const currency =
    transaction?.currency_code ?? accounts.find((account) => account.id === accountId)?.currency_code ?? "";
  const isTransfer = transaction?.type === "transfer";
  /** "Current account · transfer to Savings; the other side follows this edit". */
  const transferNote = ({ account_name: account, amount, peer_account_name: peer }: TransactionItem) => {
    const sent = amount.startsWith("-");
    if (peer === null) return sent ? t("transferToOther", { account }) : t("transferFromOther", { account });
    return sent ? t("transferTo", { account, peer }) : t("transferFrom", { account, peer });
  };

  const submit = (data: FormData) => {
    const common = {
      date: formValue(data, "date"),
      amount: formValue(data, "amount"),
      description: formValue(data, "description"),
      counterparty: formValue(data, "counterparty"),
      notes: formValue(data, "notes"),
      category_id: formValue(data, "category_id") || null,
      tags: splitAliases(formValue(data, "tags")),
    };
    if (transaction) {
      const input = { ...common, id: transaction.id };
      const accepted = form.accept(updateTransactionInput, input, ["amount"]);
      if (accepted) update.mutate(accepted);
    } else {
      const input = {
        ...common,
        account_id: accountId,
        type: formValue(data, "type") === "income" ? ("income" as const) : ("expense" as const),
      };
      const accepted = form.accept(createTransactionInput, input, ["amount"]);
      if (accepted) create.mutate(accepted);
    }
  };

  return (
    <DialogForm
      error={errors.form}
      onSubmit={submit}
      label={transaction ? t("save") : t("add")}
      pending={saving.isPending}
      disabled={!transaction && accounts.length === 0}
      onCancel={onClose}
    >
      {transaction ? (
        <p className="muted">{isTransfer ? transferNote(transaction) : transaction.account_name}</p>
      ) : null}
      <div className="manage-grid">
        {transaction ? null : (
          <>
            <SelectField label={t("type")} name="type" defaultValue="expense" error={errors.fields.type}>
              <option value="expense">{t("expense")}</option>
              <option value="income">{t("income")}</option>
            </SelectField>
            <SelectField
              label={t("account")}
              name="account_id"
              value={accountId}
              onChange={(event) => setAccountId(event.target.value)}
              error={errors.fields.account_id}
            >
              <NamedOptions items={accounts} />
            </SelectField>
          </>
        )}
        <TextField
          label={t("date")}
          name="date"
          type="date"
          defaultValue={transaction?.date ?? today}
          required
          error={errors.fields.date}
        />
        <AmountField
          label={currency ? t("amountIn", { currency }) : t("amount")}
          name="amount"
          required
          defaultValue={transaction ? format.amountInput(transaction.amount.replace(/^-/, "")) : ""}
          hint={transaction ? undefined : t("amountHint")}
          error={errors.fields.amount}
        />
      </div>
      <div className="manage-grid">
        <TextField
          label={t("description")}
          name="description"
          required
          maxLength={TRANSACTION_TEXT_MAX}
          defaultValue={transaction?.description}
          autoComplete="off"
          error={errors.fields.description}
        />
        <TextField
          label={t("counterparty")}
          name="counterparty"
          maxLength={TRANSACTION_TEXT_MAX}
          defaultValue={transaction?.counterparty ?? ""}
          autoComplete="off"
          error={errors.fields.counterparty}
        />
      </div>
      {isTransfer ? null : transaction && transaction.parts.length > 0 ? (
        <p className="muted small">{t("splitNote", { count: transaction.parts.length })}</p>
      ) : (
        <SelectField
          label={t("category")}
          name="category_id"
          defaultValue={transaction?.category_id ?? ""}
          error={errors.fields.category_id}
        >
          <option value="">{t("noCategory")}</option>
          <CategoryOptions overview={categories} current={transaction?.category_id} />
        </SelectField>
      )}
      <TextAreaField
        label={t("notes")}
        name="notes"
        maxLength={2000}
        defaultValue={transaction?.notes ?? ""}
        error={errors.fields.notes}
      />
      <TextField
        label={t("tags")}
        name="tags"
        defaultValue={transaction?.tags.join(", ") ?? ""}
        autoComplete="off"
        hint={t("tagsHint")}
        error={errors.fields.tags}
      />
    </DialogForm>
  );
}
