"use client";

import { useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useTranslations } from "next-intl";
import type { AppRouter } from "@/server/routers";
import { createRecurringRuleInput, RECURRING_KINDS } from "@/server/routers/recurring-rules/schemas";
import { TextField } from "../form-fields";
import { CheckboxField, SelectField } from "../manage-fields";
import { DialogForm, Modal } from "../modal";
import { problemFieldErrors } from "../planning/form-errors";
import { localToday, optional } from "../planning/format";
import { usePlanningForm } from "../planning/use-planning-form";
import { useCreateOrUpdate, type SaveDialogProps, type SaveFormProps } from "../save-dialog";
import { useTRPC } from "../trpc-provider";
import { FREQUENCIES, RECURRING_TYPES, recurringRuleProblems } from "@/server/domain/recurring/rule-problems";

export type RecurringRule = inferRouterOutputs<AppRouter>["recurringRules"]["list"]["data"][number];

const FIELDS = [
  "name",
  "type",
  "kind",
  "amount",
  "account_id",
  "destination_account_id",
  "category_id",
  "frequency",
  "custom_interval_days",
  "start_date",
  "end_date",
  "auto_create",
  "billing_url",
  "notes",
] as const;

type Values = Record<Exclude<(typeof FIELDS)[number], "auto_create">, string> & { auto_create: boolean };

/** Values a link may suggest for a new rule (the Reports page's "Create rule"). */
export type RuleSuggestion = Partial<Pick<Values, "name" | "type" | "kind" | "amount" | "frequency">>;

function initialValues(rule: RecurringRule | null, suggestion: RuleSuggestion = {}): Values {
  const values: Values = {
    name: rule?.name ?? "",
    type: rule?.type ?? "expense",
    kind: rule?.kind ?? "rule",
    amount: rule?.amount ?? "",
    account_id: rule?.account_id ?? "",
    destination_account_id: rule?.destination_account_id ?? "",
    category_id: rule?.category_id ?? "",
    frequency: rule?.frequency ?? "monthly",
    custom_interval_days: rule?.custom_interval_days?.toString() ?? "",
    start_date: rule?.start_date ?? localToday(),
    end_date: rule?.end_date ?? "",
    auto_create: rule?.auto_create ?? false,
    billing_url: rule?.billing_url ?? "",
    notes: rule?.notes ?? "",
  };
  return rule ? values : { ...values, ...suggestion };
}

/** The form's strings as the procedure's input; fields hidden by the type or frequency are sent empty. */
function toInput(values: Values) {
  return {
    name: values.name,
    type: values.type,
    kind: values.kind,
    amount: values.amount,
    account_id: values.account_id,
    destination_account_id: values.type === "transfer" ? optional(values.destination_account_id) : null,
    category_id: values.type === "transfer" ? null : optional(values.category_id),
    frequency: values.frequency,
    custom_interval_days:
      values.frequency === "custom" && values.custom_interval_days.trim() !== ""
        ? Number(values.custom_interval_days)
        : null,
    start_date: values.start_date,
    end_date: optional(values.end_date),
    auto_create: values.auto_create,
    billing_url: values.kind === "subscription" ? optional(values.billing_url) : null,
    notes: optional(values.notes),
  };
}

/** Create (rule = null) or edit a recurring rule; checks the form with the server's schema before sending. */
export function RecurringRuleDialog({
  rule,
  suggestion,
  open,
  onClose,
  onSaved,
}: { rule: RecurringRule | null; suggestion?: RuleSuggestion } & SaveDialogProps) {
  const t = useTranslations("recurring.dialog");
  return (
    <Modal
      open={open}
      title={rule ? t("editTitle", { name: rule.name }) : t("newTitle")}
      onClose={onClose}
      className="modal-wide"
    >
      <RecurringRuleForm
        key={rule?.id ?? "new"}
        rule={rule}
        suggestion={suggestion}
        onClose={onClose}
        onSaved={onSaved}
      />
    </Modal>
  );
}

function RecurringRuleForm({
  rule,
  suggestion,
  onClose,
  onSaved,
}: { rule: RecurringRule | null; suggestion?: RuleSuggestion } & SaveFormProps) {
  const t = useTranslations("recurring");
  const trpc = useTRPC();
  const choices = useQuery(trpc.recurringRules.choices.queryOptions());
  const { create, update, saving } = useCreateOrUpdate(trpc.recurringRules, rule !== null, { onSaved, onClose });
  const form = usePlanningForm(FIELDS, () => initialValues(rule, suggestion), saving, ["amount"]);
  const { values, field } = form;

  const accounts = choices.data?.accounts ?? [];
  const account = accounts.find((candidate) => candidate.id === values.account_id);
  const accountOptions = [
    { value: "", label: t("dialog.chooseAccount") },
    ...accounts.map((item) => ({ value: item.id, label: `${item.name} · ${item.currency_code}` })),
  ];

  const submit = () => {
    // The form holds every field, so create's schema checks an edit as well.
    const input = form.parse(createRecurringRuleInput, toInput(values), (parsed) =>
      problemFieldErrors(recurringRuleProblems(parsed)),
    );
    if (!input) return;
    if (rule) update.mutate({ id: rule.id, ...input });
    else create.mutate(input);
  };

  return (
    <DialogForm
      error={form.formError}
      onSubmit={submit}
      label={rule ? t("dialog.save") : t("dialog.create")}
      pending={saving.isPending}
      onCancel={onClose}
    >
      <div className="form-grid">
        <TextField label={t("dialog.name")} {...field("name")} maxLength={100} autoComplete="off" />
        <TextField
          label={t("dialog.amount")}
          {...field("amount")}
          inputMode="decimal"
          autoComplete="off"
          hint={account ? t("dialog.amountHintCurrency", { currency: account.currency_code }) : t("dialog.amountHint")}
        />
        <SelectField
          label={t("dialog.type")}
          {...field("type")}
          options={RECURRING_TYPES.map((value) => ({ value, label: t("type", { type: value }) }))}
        />
        <SelectField
          label={t("dialog.kind")}
          {...field("kind")}
          options={RECURRING_KINDS.map((value) => ({ value, label: t(`dialog.kinds.${value}`) }))}
        />
        <SelectField
          label={values.type === "income" ? t("dialog.accountReceives") : t("dialog.accountPays")}
          {...field("account_id")}
          options={accountOptions}
        />
        {values.type === "transfer" ? (
          <SelectField label={t("dialog.destination")} {...field("destination_account_id")} options={accountOptions} />
        ) : (
          <SelectField
            label={t("dialog.category")}
            {...field("category_id")}
            options={[
              { value: "", label: t("dialog.noCategory") },
              ...(choices.data?.categories ?? []).map((item) => ({ value: item.id, label: item.name })),
            ]}
          />
        )}
        <SelectField
          label={t("dialog.frequency")}
          {...field("frequency")}
          options={FREQUENCIES.map((value) => ({
            value,
            label: value === "custom" ? t("dialog.custom") : t("frequency", { frequency: value }),
          }))}
        />
        {values.frequency === "custom" ? (
          <TextField label={t("dialog.every")} {...field("custom_interval_days")} type="number" min={1} />
        ) : (
          <div aria-hidden="true" />
        )}
        <TextField label={t("dialog.startDate")} {...field("start_date")} type="date" hint={t("dialog.startHint")} />
        <TextField label={t("dialog.endDate")} {...field("end_date")} type="date" />
        {values.kind === "subscription" ? (
          <TextField label={t("dialog.billingPage")} {...field("billing_url")} type="url" />
        ) : null}
        <TextField label={t("dialog.notes")} {...field("notes")} maxLength={1000} />
      </div>
      <CheckboxField
        label={t("dialog.autoCreate")}
        name="auto_create"
        checked={values.auto_create}
        onChange={(event) => form.setValue("auto_create", event.target.checked)}
      />
    </DialogForm>
  );
}
