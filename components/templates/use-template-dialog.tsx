"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useTemplateInput } from "@/server/routers/transaction-templates/schemas";
import { FormAlert, formValue, TextField } from "../form-fields";
import { useFormat } from "../locale/locale-provider";
import { AmountField, NamedOptions, SelectField, TextAreaField } from "../manage-fields";
import { Modal, ModalActions } from "../modal";
import { closeOnSave } from "../save-dialog";
import { useSchemaForm } from "../schema-form";
import { useTRPC } from "../trpc-provider";
import { useWorkspaceToday } from "../workspace-today";
import { RoleSelects } from "./role-selects";
import {
  allAccounts,
  walletRoles,
  type AccountChoice,
  type TemplateChoices,
  type TemplateItem,
} from "./template-types";

const FIELDS = [
  "date",
  "amount",
  "received_amount",
  "description",
  "category_id",
  "source_account_id",
  "target_account_id",
  "notes",
] as const;

export type TemplateUsedSummary = { template: string; count: number; usageCount: number };

export function UseTemplateDialog({
  template,
  choices,
  onClose,
  onUsed,
}: {
  template: TemplateItem | null;
  choices: TemplateChoices | undefined;
  onClose: () => void;
  onUsed: (summary: TemplateUsedSummary) => void;
}) {
  const t = useTranslations("templates.use");
  return (
    <Modal open={template !== null} title={t("title")} onClose={onClose} className="modal-wide">
      {template && choices ? (
        <UseTemplateForm template={template} choices={choices} onClose={onClose} onUsed={onUsed} />
      ) : (
        <p className="muted">{t("loading")}</p>
      )}
    </Modal>
  );
}

function known(accounts: AccountChoice[], id: string | null): string {
  return id !== null && accounts.some((account) => account.id === id) ? id : "";
}

/** The template's defaults, changeable; expense and income book one row, a transfer two. */
function UseTemplateForm({
  template,
  choices,
  onClose,
  onUsed,
}: {
  template: TemplateItem;
  choices: TemplateChoices;
  onClose: () => void;
  onUsed: (summary: TemplateUsedSummary) => void;
}) {
  const t = useTranslations("templates.use");
  const trpc = useTRPC();
  const today = useWorkspaceToday();
  const form = useSchemaForm(FIELDS);
  const format = useFormat();
  const accounts = allAccounts(choices);
  const { prefill, direction } = template;
  const roles = walletRoles(direction);
  const [sourceId, setSourceId] = useState(known(accounts, prefill.source_account_id));
  const [targetId, setTargetId] = useState(known(accounts, prefill.target_account_id));
  const [missing, setMissing] = useState<Record<string, string>>({});
  const use = useMutation(
    trpc.transactionTemplates.use.mutationOptions(
      closeOnSave(
        (answer) =>
          onUsed({
            template: template.name,
            count: answer.data.transactions.length,
            usageCount: answer.data.template.usage_count,
          }),
        onClose,
      ),
    ),
  );
  const errors = form.errors(use.error);
  const fieldErrors: Record<string, string | undefined> = { ...errors.fields, ...missing };
  const source = accounts.find((account) => account.id === sourceId);
  const target = accounts.find((account) => account.id === targetId);
  const moved = roles.source ? source : target;
  const crossCurrency =
    roles.source &&
    roles.target &&
    source !== undefined &&
    target !== undefined &&
    source.currency_code !== target.currency_code;
  // A template wallet that can take no transactions (archived) prefills nothing: say why.
  const unusableWallet = [
    roles.source && prefill.source_account_id === null ? template.fields.sourceWallet : null,
    roles.target && prefill.target_account_id === null ? template.fields.targetWallet : null,
  ].find((wallet) => wallet !== null && wallet !== undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const choose: Record<string, string> = {};
    if (roles.source && !sourceId) choose.source_account_id = t("chooseAccountError");
    if (roles.target && !targetId) choose.target_account_id = t("chooseAccountError");
    setMissing(choose);
    const input = {
      id: template.id,
      date: formValue(data, "date"),
      amount: formValue(data, "amount"),
      received_amount: crossCurrency ? formValue(data, "received_amount") || null : null,
      description: formValue(data, "description"),
      category_id: direction === "transfer" ? null : formValue(data, "category_id") || null,
      source_account_id: roles.source ? sourceId || null : null,
      target_account_id: roles.target ? targetId || null : null,
      notes: formValue(data, "notes"),
    };
    const accepted = form.accept(useTemplateInput, input, ["amount", "received_amount"]);
    if (accepted && Object.keys(choose).length === 0) use.mutate(accepted);
  };

  return (
    <form onSubmit={submit} noValidate className="stack">
      <p className="muted">
        {t.rich("summary", { name: template.name, direction, strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
      {unusableWallet ? (
        <p className="notice notice-warning">{t("unusableWallet", { name: unusableWallet.name })}</p>
      ) : null}
      <FormAlert message={errors.form} />
      <div className="manage-grid">
        <RoleSelects
          direction={direction}
          noun="account"
          fields={{
            source: {
              name: "source_account_id",
              value: sourceId,
              onChange: setSourceId,
              error: fieldErrors.source_account_id,
            },
            target: {
              name: "target_account_id",
              value: targetId,
              onChange: setTargetId,
              error: fieldErrors.target_account_id,
            },
          }}
          options={
            <>
              <option value="">{t("chooseAccount")}</option>
              {choices.wallets.map((wallet) => (
                <optgroup key={wallet.id} label={wallet.name}>
                  <NamedOptions items={wallet.accounts} />
                </optgroup>
              ))}
            </>
          }
        />
        <TextField label={t("date")} name="date" type="date" defaultValue={today} required error={fieldErrors.date} />
      </div>
      <div className="manage-grid">
        <AmountField
          label={moved ? t("amountIn", { currency: moved.currency_code }) : t("amount")}
          name="amount"
          defaultValue={format.amountInput(prefill.amount)}
          required
          error={fieldErrors.amount}
        />
        {crossCurrency ? (
          <AmountField
            label={t("amountReceived", { currency: target.currency_code })}
            name="received_amount"
            required
            error={fieldErrors.received_amount}
          />
        ) : null}
        {direction === "transfer" ? null : (
          <SelectField
            label={t("category")}
            name="category_id"
            defaultValue={prefill.category_id ?? ""}
            error={fieldErrors.category_id}
          >
            <option value="">{t("noCategory")}</option>
            <NamedOptions items={choices.categories} />
          </SelectField>
        )}
      </div>
      <TextField
        label={t("description")}
        name="description"
        defaultValue={prefill.description ?? ""}
        maxLength={500}
        autoComplete="off"
        required
        error={fieldErrors.description}
      />
      <TextAreaField
        label={t("notes")}
        name="notes"
        defaultValue={prefill.notes ?? ""}
        maxLength={2000}
        error={fieldErrors.notes}
      />
      <ModalActions
        label={direction === "transfer" ? t("createTransfer") : t("createTransaction")}
        pendingLabel={t("creating")}
        pending={use.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
