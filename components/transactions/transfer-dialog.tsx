"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { TRANSACTION_TEXT_MAX } from "@/server/domain/transactions/text-limits";
import { transferInput } from "@/server/routers/transactions/schemas";
import { formValue, TextField } from "../form-fields";
import { AmountField, NamedOptions, SelectField, TextAreaField } from "../manage-fields";
import { DialogForm, Modal } from "../modal";
import { closeOnSave, type SaveDialogProps, type SaveFormProps } from "../save-dialog";
import { useSchemaForm } from "../schema-form";
import { useTRPC } from "../trpc-provider";
import { useWorkspaceToday } from "../workspace-today";
import type { AccountOption } from "./transaction-types";

const FIELDS = [
  "from_account_id",
  "to_account_id",
  "date",
  "amount",
  "received_amount",
  "description",
  "notes",
] as const;

/** Money moved between two of the workspace's accounts; between currencies the received amount too. */
export function TransferDialog({ open, accounts, onClose, onSaved }: { accounts: AccountOption[] } & SaveDialogProps) {
  const t = useTranslations("transactions.transfer");
  return (
    <Modal open={open} title={t("title")} onClose={onClose} className="modal-wide">
      <TransferForm accounts={accounts} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function TransferForm({ accounts, onClose, onSaved }: { accounts: AccountOption[] } & SaveFormProps) {
  const t = useTranslations("transactions.transfer");
  const trpc = useTRPC();
  const today = useWorkspaceToday();
  const form = useSchemaForm(FIELDS);
  const [fromId, setFromId] = useState(accounts[0]?.id ?? "");
  const [toId, setToId] = useState(accounts[1]?.id ?? accounts[0]?.id ?? "");
  const transfer = useMutation(trpc.transactions.transfer.mutationOptions(closeOnSave(onSaved, onClose)));
  const errors = form.errors(transfer.error);
  const from = accounts.find((account) => account.id === fromId);
  const to = accounts.find((account) => account.id === toId);
  const crossCurrency = from !== undefined && to !== undefined && from.currency_code !== to.currency_code;

  const submit = (data: FormData) => {
    const input = {
      from_account_id: fromId,
      to_account_id: toId,
      date: formValue(data, "date"),
      amount: formValue(data, "amount"),
      received_amount: crossCurrency ? formValue(data, "received_amount") || null : null,
      description: formValue(data, "description"),
      notes: formValue(data, "notes"),
    };
    const accepted = form.accept(transferInput, input, ["amount", "received_amount"]);
    if (accepted) transfer.mutate(accepted);
  };

  return (
    <DialogForm
      error={errors.form}
      onSubmit={submit}
      label={t("submit")}
      pendingLabel={t("pending")}
      pending={transfer.isPending}
      disabled={accounts.length < 2}
      onCancel={onClose}
    >
      {accounts.length < 2 ? <p className="notice notice-info">{t("needsTwo")}</p> : null}
      <div className="manage-grid">
        <SelectField
          label={t("fromAccount")}
          name="from_account_id"
          value={fromId}
          onChange={(event) => setFromId(event.target.value)}
          error={errors.fields.from_account_id}
        >
          <NamedOptions items={accounts} />
        </SelectField>
        <SelectField
          label={t("toAccount")}
          name="to_account_id"
          value={toId}
          onChange={(event) => setToId(event.target.value)}
          error={errors.fields.to_account_id}
        >
          <NamedOptions items={accounts} />
        </SelectField>
        <TextField label={t("date")} name="date" type="date" defaultValue={today} required error={errors.fields.date} />
      </div>
      <div className="manage-grid">
        <AmountField
          label={from ? t("amountSentIn", { currency: from.currency_code }) : t("amountSent")}
          name="amount"
          required
          error={errors.fields.amount}
        />
        {crossCurrency ? (
          <AmountField
            label={t("amountReceivedIn", { currency: to.currency_code })}
            name="received_amount"
            required
            hint={t("receivedHint")}
            error={errors.fields.received_amount}
          />
        ) : null}
      </div>
      <TextField
        label={t("description")}
        name="description"
        defaultValue={t("defaultDescription")}
        maxLength={TRANSACTION_TEXT_MAX}
        autoComplete="off"
        error={errors.fields.description}
      />
      <TextAreaField label={t("notes")} name="notes" maxLength={2000} error={errors.fields.notes} />
    </DialogForm>
  );
}
