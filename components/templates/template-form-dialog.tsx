"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import {
  createTemplateInput,
  RECURRENCE_PRESETS,
  TEMPLATE_DIRECTIONS,
} from "@/server/routers/transaction-templates/schemas";
import { formValue, TextField } from "../form-fields";
import { useLocale } from "../locale/locale-provider";
import { AmountField, NamedOptions, SelectField, TextAreaField } from "../manage-fields";
import { DialogForm, Modal } from "../modal";
import { closeOnSave, type SaveDialogProps, type SaveFormProps } from "../save-dialog";
import { useSchemaForm } from "../schema-form";
import { useTRPC } from "../trpc-provider";
import { appCodeOf, errorMessage } from "../trpc-errors";
import { RoleSelects } from "./role-selects";
import { toMinorUnits, walletRoles, type Direction, type TemplateChoices } from "./template-types";

const FIELDS = [
  "name",
  "direction",
  "source_wallet_id",
  "target_wallet_id",
  "category_id",
  "amount_minor",
  "currency_code",
  "description",
  "notes",
  "tags",
  "recurrence_preset",
] as const;

export function TemplateFormDialog({
  open,
  choices,
  onClose,
  onSaved,
}: { choices: TemplateChoices | undefined } & SaveDialogProps) {
  const t = useTranslations("templates.form");
  return (
    <Modal open={open} title={t("title")} onClose={onClose} className="modal-wide">
      {choices ? (
        <TemplateForm choices={choices} onClose={onClose} onSaved={onSaved} />
      ) : (
        <p className="muted">{t("loading")}</p>
      )}
    </Modal>
  );
}

/** A 422 names its field first ("source_wallet_id: ..."): shown next to that field like a 400. */
function domainFieldError(error: unknown): { field: string; message: string } | null {
  if (appCodeOf(error) !== "DOMAIN_CONSTRAINT_VIOLATION") return null;
  const match = /^(\w+)(?:, \w+)*: (.+)$/.exec(errorMessage(error));
  return match && (FIELDS as readonly string[]).includes(match[1]!) ? { field: match[1]!, message: match[2]! } : null;
}

/** A template's defaults, checked in the browser with createTemplateInput, the procedure's own schema. */
function TemplateForm({ choices, onClose, onSaved }: { choices: TemplateChoices } & SaveFormProps) {
  const t = useTranslations("templates");
  const trpc = useTRPC();
  const form = useSchemaForm(FIELDS);
  const { format, parseAmount } = useLocale();
  const [direction, setDirection] = useState<Direction>("expense");
  const [sourceId, setSourceId] = useState(choices.wallets[0]?.id ?? "");
  const [targetId, setTargetId] = useState(choices.wallets[1]?.id ?? choices.wallets[0]?.id ?? "");
  const [currency, setCurrency] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const create = useMutation(trpc.transactionTemplates.create.mutationOptions(closeOnSave(onSaved, onClose)));

  const roles = walletRoles(direction);
  // The amount is in a currency of the wallet the money leaves (or, for income, arrives in).
  const moneyWallet = choices.wallets.find((wallet) => wallet.id === (roles.source ? sourceId : targetId));
  const currencyOptions = moneyWallet
    ? moneyWallet.accounts.map((account) => account.currency_code)
    : ["", ...choices.currencies.map((option) => option.code)];
  const chosenCurrency = currencyOptions.includes(currency) ? currency : (currencyOptions[0] ?? "");
  const places = choices.currencies.find((option) => option.code === chosenCurrency)?.decimal_places ?? 2;

  const errors = form.errors(create.error);
  const domainError = domainFieldError(create.error);
  const fieldErrors: Record<string, string | undefined> = {
    ...errors.fields,
    ...(domainError ? { [domainError.field]: domainError.message } : {}),
  };
  if (amountError) fieldErrors.amount_minor = amountError;

  const submit = (data: FormData) => {
    const optional = (name: string) => formValue(data, name).trim() || undefined;
    const amountText = formValue(data, "amount").trim();
    const reading = amountText ? parseAmount(amountText) : null;
    const amountMinor = reading === null ? undefined : reading.ok ? toMinorUnits(reading.value, places) : null;
    const tags = formValue(data, "tags")
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean);
    const input = {
      direction,
      name: formValue(data, "name"),
      source_wallet_id: roles.source ? sourceId || undefined : undefined,
      target_wallet_id: roles.target ? targetId || undefined : undefined,
      category_id: direction === "transfer" ? undefined : optional("category_id"),
      amount_minor: amountMinor ?? undefined,
      currency_code: chosenCurrency || undefined,
      description: optional("description"),
      notes: optional("notes"),
      tags: tags.length > 0 ? tags : undefined,
      recurrence_preset: optional("recurrence_preset"),
    };
    const example = places === 0 ? "1500" : format.amountInput("12.30");
    const badAmount =
      reading?.ok === false
        ? reading.message
        : amountMinor === null
          ? chosenCurrency
            ? t("form.amountInvalidCurrency", { example, currency: chosenCurrency, places })
            : t("form.amountInvalid", { example })
          : null;
    setAmountError(badAmount);
    if (form.validate(createTemplateInput, input) && badAmount === null)
      create.mutate(createTemplateInput.parse(input));
  };

  return (
    <DialogForm
      error={domainError ? null : errors.form}
      onSubmit={submit}
      label={t("form.submit")}
      pending={create.isPending}
      onCancel={onClose}
    >
      <div className="manage-grid">
        <TextField
          label={t("form.name")}
          name="name"
          required
          maxLength={100}
          autoComplete="off"
          error={fieldErrors.name}
        />
        <SelectField
          label={t("form.direction")}
          name="direction"
          value={direction}
          onChange={(event) => setDirection(event.target.value as Direction)}
          error={fieldErrors.direction}
        >
          {TEMPLATE_DIRECTIONS.map((value) => (
            <option key={value} value={value}>
              {t("direction", { direction: value })}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="manage-grid">
        <RoleSelects
          direction={direction}
          noun="wallet"
          fields={{
            source: {
              name: "source_wallet_id",
              value: sourceId,
              onChange: setSourceId,
              error: fieldErrors.source_wallet_id,
            },
            target: {
              name: "target_wallet_id",
              value: targetId,
              onChange: setTargetId,
              error: fieldErrors.target_wallet_id,
            },
          }}
          options={
            <>
              {direction === "transfer" ? null : <option value="">{t("form.noDefaultWallet")}</option>}
              <NamedOptions items={choices.wallets} />
            </>
          }
        />
        {direction === "transfer" ? null : (
          <SelectField label={t("form.category")} name="category_id" defaultValue="" error={fieldErrors.category_id}>
            <option value="">{t("form.noCategory")}</option>
            <NamedOptions items={choices.categories} />
          </SelectField>
        )}
      </div>
      <div className="form-row-3">
        <AmountField
          label={t("form.amount")}
          name="amount"
          placeholder={places === 0 ? "0" : format.amountInput("0.00")}
          error={fieldErrors.amount_minor}
          hint={t("form.amountHint")}
          onChange={() => setAmountError(null)}
        />
        <SelectField
          label={t("form.currency")}
          name="currency_code"
          value={chosenCurrency}
          onChange={(event) => setCurrency(event.target.value)}
          error={fieldErrors.currency_code}
        >
          {currencyOptions.map((code) => (
            <option key={code || "none"} value={code}>
              {code || t("form.noCurrency")}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("form.repeats")}
          name="recurrence_preset"
          defaultValue=""
          error={fieldErrors.recurrence_preset}
        >
          <option value="">{t("form.notRecurring")}</option>
          {RECURRENCE_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {t("preset", { preset })}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label={t("form.description")}
        name="description"
        maxLength={500}
        autoComplete="off"
        error={fieldErrors.description}
      />
      <div className="manage-grid">
        <TextAreaField label={t("form.notes")} name="notes" maxLength={2000} error={fieldErrors.notes} />
        <TextField
          label={t("form.tags")}
          name="tags"
          autoComplete="off"
          hint={t("form.tagsHint")}
          error={fieldErrors.tags}
        />
      </div>
    </DialogForm>
  );
}
