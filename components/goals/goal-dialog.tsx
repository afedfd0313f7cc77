"use client";

import { useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useTranslations } from "next-intl";
import type { AppRouter } from "@/server/routers";
import { createGoalInput } from "@/server/routers/goals/schemas";
import { TextField } from "../form-fields";
import { SelectField } from "../manage-fields";
import { DialogForm, Modal } from "../modal";
import { optional } from "../planning/format";
import { currencyChoice } from "../planning/currency-choice";
import { usePlanningForm } from "../planning/use-planning-form";
import { useCreateOrUpdate, type SaveDialogProps, type SaveFormProps } from "../save-dialog";
import { useTRPC } from "../trpc-provider";

export type Goal = inferRouterOutputs<AppRouter>["goals"]["list"]["data"][number];

const FIELDS = [
  "name",
  "target_amount",
  "currency_id",
  "saved_amount",
  "monthly_contribution",
  "target_date",
  "linked_wallet_id",
  "accent_color",
] as const;
type Values = Record<Exclude<(typeof FIELDS)[number], "accent_color">, string>;

function initialValues(goal: Goal | null): Values {
  const attributes = goal?.attributes;
  return {
    name: attributes?.name ?? "",
    target_amount: attributes?.target_amount ?? "",
    currency_id: attributes?.currency_id ?? "",
    saved_amount: attributes?.saved_amount ?? "0",
    monthly_contribution: attributes?.monthly_contribution ?? "",
    target_date: attributes?.target_date ?? "",
    linked_wallet_id: attributes?.linked_wallet_id ?? "",
  };
}

/** Create (goal = null) or edit a savings goal; checks the form with the server's schema before sending. */
export function GoalDialog({ goal, open, onClose, onSaved }: { goal: Goal | null } & SaveDialogProps) {
  const t = useTranslations("goals.dialog");
  const title = goal ? t("editTitle", { name: goal.attributes.name }) : t("newTitle");
  return (
    <Modal open={open} title={title} onClose={onClose} className="modal-wide">
      <GoalForm key={goal?.id ?? "new"} goal={goal} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function GoalForm({ goal, onClose, onSaved }: { goal: Goal | null } & SaveFormProps) {
  const t = useTranslations("goals.dialog");
  const trpc = useTRPC();
  const choices = useQuery(trpc.goals.choices.queryOptions());
  const { create, update, saving } = useCreateOrUpdate(trpc.goals, goal !== null, { onSaved, onClose });
  const form = usePlanningForm(FIELDS, () => initialValues(goal), saving, [
    "target_amount",
    "saved_amount",
    "monthly_contribution",
  ]);
  const { values, field } = form;

  const { id: currencyId, currency, options: currencyOptions } = currencyChoice(choices.data, values.currency_id);
  const linked = values.linked_wallet_id !== "";

  const submit = () => {
    const input = form.parse(createGoalInput, {
      name: values.name,
      target_amount: values.target_amount,
      currency_id: currencyId || undefined,
      saved_amount: values.saved_amount.trim() === "" ? "0" : values.saved_amount,
      monthly_contribution: optional(values.monthly_contribution),
      target_date: optional(values.target_date),
      linked_wallet_id: optional(values.linked_wallet_id),
    });
    if (!input) return;
    // The accent colour has no field here: an edit leaves it as it is.
    const { accent_color: _unchanged, ...fields } = input;
    if (goal) update.mutate({ id: goal.id, ...fields });
    else create.mutate(input);
  };

  return (
    <DialogForm
      error={form.formError}
      onSubmit={submit}
      label={goal ? t("saveChanges") : t("create")}
      pending={saving.isPending}
      onCancel={onClose}
    >
      <div className="form-grid">
        <TextField label={t("name")} {...field("name")} maxLength={100} autoComplete="off" />
        <SelectField label={t("currency")} {...field("currency_id")} value={currencyId} options={currencyOptions} />
        <TextField
          label={t("targetAmount")}
          {...field("target_amount")}
          inputMode="decimal"
          autoComplete="off"
          hint={currency ? t("targetAmountHint", { code: currency.code }) : undefined}
        />
        <TextField label={t("targetDate")} {...field("target_date")} type="date" hint={t("targetDateHint")} />
        <SelectField
          label={t("linkedWallet")}
          {...field("linked_wallet_id")}
          hint={t("linkedWalletHint")}
          options={[
            { value: "", label: t("noWallet") },
            ...(choices.data?.wallets ?? []).map((item) => ({ value: item.id, label: item.name })),
          ]}
        />
        <TextField
          label={t("savedSoFar")}
          {...field("saved_amount")}
          inputMode="decimal"
          autoComplete="off"
          disabled={linked}
          hint={linked ? t("savedSoFarLinked") : undefined}
        />
        <TextField
          label={t("monthlyContribution")}
          {...field("monthly_contribution")}
          inputMode="decimal"
          autoComplete="off"
          hint={linked ? t("contributionLinked") : t("contributionUnlinked")}
        />
      </div>
    </DialogForm>
  );
}
