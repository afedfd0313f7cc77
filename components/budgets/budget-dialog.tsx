"use client";

import { useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useTranslations } from "next-intl";
import type { AppRouter } from "@/server/routers";
import {
  BUDGET_PERIODS,
  createBudgetInput,
  PACING_STRATEGIES,
  ROLLOVER_STRATEGIES,
} from "@/server/routers/budgets/schemas";
import { FieldError, TextField } from "../form-fields";
import { CheckboxField, SelectField } from "../manage-fields";
import { DialogForm, Modal } from "../modal";
import { localToday } from "../planning/format";
import { currencyChoice } from "../planning/currency-choice";
import { usePlanningForm } from "../planning/use-planning-form";
import { useCreateOrUpdate, type SaveDialogProps, type SaveFormProps } from "../save-dialog";
import { useTRPC } from "../trpc-provider";

export type Budget = inferRouterOutputs<AppRouter>["budgets"]["list"]["data"][number];

const FIELDS = [
  "name",
  "amount",
  "currency_id",
  "category_ids",
  "period",
  "rollover_strategy",
  "pacing_strategy",
  "include_recurring_transactions",
  "start_date",
  "accent_color",
] as const;

interface Values {
  name: string;
  amount: string;
  currency_id: string;
  category_ids: string[];
  period: string;
  rollover_strategy: string;
  pacing_strategy: string;
  include_recurring_transactions: boolean;
  start_date: string;
}

function initialValues(budget: Budget | null): Values {
  const a = budget?.attributes;
  return {
    name: a?.name ?? "",
    amount: a?.amount ?? "",
    currency_id: a?.currency_id ?? "",
    category_ids: a?.category_ids ?? [],
    period: a?.period ?? "monthly",
    rollover_strategy: a?.rollover_strategy ?? "none",
    pacing_strategy: a?.pacing_strategy ?? "linear",
    include_recurring_transactions: a?.include_recurring_transactions ?? true,
    start_date: a?.start_date ?? `${localToday().slice(0, 8)}01`,
  };
}

/** Create (budget = null) or edit a budget; checks the form with the server's schema before sending. */
export function BudgetDialog({ budget, open, onClose, onSaved }: { budget: Budget | null } & SaveDialogProps) {
  const t = useTranslations("budgets.dialog");
  const title = budget ? t("editTitle", { name: budget.attributes.name }) : t("newTitle");
  return (
    <Modal open={open} title={title} onClose={onClose} className="modal-wide">
      <BudgetForm key={budget?.id ?? "new"} budget={budget} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function BudgetForm({ budget, onClose, onSaved }: { budget: Budget | null } & SaveFormProps) {
  const t = useTranslations("budgets.dialog");
  const trpc = useTRPC();
  const choices = useQuery(trpc.budgets.choices.queryOptions());
  const { create, update, saving } = useCreateOrUpdate(trpc.budgets, budget !== null, { onSaved, onClose });
  const form = usePlanningForm(FIELDS, () => initialValues(budget), saving, ["amount"]);
  const { values, errors, field } = form;
  const toggleCategory = (id: string, checked: boolean) =>
    form.setValue(
      "category_ids",
      checked ? [...values.category_ids, id] : values.category_ids.filter((item) => item !== id),
    );

  const { id: currencyId, currency, options: currencyOptions } = currencyChoice(choices.data, values.currency_id);
  // Categories archived since they were chosen are not offered any more, but stay chosen.
  const offered = choices.data?.categories ?? [];
  const kept = (budget?.attributes.categories ?? []).filter(
    (category) => !offered.some((item) => item.id === category.id),
  );

  const submit = () => {
    const input = form.parse(createBudgetInput, { ...values, currency_id: currencyId || undefined });
    if (!input) return;
    const { accent_color: _unchanged, ...fields } = input;
    if (budget) update.mutate({ id: budget.id, ...fields });
    else create.mutate(input);
  };

  return (
    <DialogForm
      error={form.formError}
      onSubmit={submit}
      label={budget ? t("saveChanges") : t("create")}
      pending={saving.isPending}
      onCancel={onClose}
    >
      <div className="form-grid">
        <TextField label={t("name")} {...field("name")} maxLength={100} autoComplete="off" />
        <TextField
          label={t("amount")}
          {...field("amount")}
          inputMode="decimal"
          autoComplete="off"
          hint={currency ? t("amountHint", { code: currency.code }) : undefined}
        />
        <SelectField label={t("currency")} {...field("currency_id")} value={currencyId} options={currencyOptions} />
        <SelectField
          label={t("period")}
          {...field("period")}
          options={BUDGET_PERIODS.map((value) => ({ value, label: t(`periods.${value}`) }))}
        />
        <TextField label={t("startDate")} {...field("start_date")} type="date" hint={t("startDateHint")} />
        <SelectField
          label={t("rollover")}
          {...field("rollover_strategy")}
          options={ROLLOVER_STRATEGIES.map((value) => ({ value, label: t(`rollovers.${value}`) }))}
        />
        <SelectField
          label={t("pacing")}
          {...field("pacing_strategy")}
          options={PACING_STRATEGIES.map((value) => ({ value, label: t(`pacings.${value}`) }))}
        />
        <CheckboxField
          label={t("includeRecurring")}
          name="include_recurring_transactions"
          checked={values.include_recurring_transactions}
          onChange={(event) => form.setValue("include_recurring_transactions", event.target.checked)}
        />
      </div>
      <fieldset className="field">
        <legend>{t("categories")}</legend>
        <div className="scope-grid category-grid">
          {[...offered, ...kept].map((category) => (
            <label key={category.id} className="checkbox">
              <input
                type="checkbox"
                name="category_ids"
                value={category.id}
                checked={values.category_ids.includes(category.id)}
                onChange={(event) => toggleCategory(category.id, event.target.checked)}
              />
              {category.name}
            </label>
          ))}
        </div>
        <FieldError message={errors.category_ids} />
      </fieldset>
    </DialogForm>
  );
}
