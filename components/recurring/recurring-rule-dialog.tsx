"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState, type FormEvent } from "react";
import type { AppRouter } from "@/server/routers";
import { createRecurringRuleInput, FREQUENCIES, RECURRING_KINDS, RECURRING_TYPES, recurringRuleProblems } from "@/server/schemas/recurring";
import { FormAlert, TextField } from "../form-fields";
import { Modal } from "../modal";
import { CheckboxField, SelectField } from "../planning/fields";
import { problemFieldErrors, serverFormErrors, zodFieldErrors, type FieldErrors } from "../planning/form-errors";
import { label, localToday, optional } from "../planning/format";
import { useTRPC } from "../trpc-provider";

export type RecurringRule = inferRouterOutputs<AppRouter>["manage"]["recurringRules"]["list"]["data"][number];

const FIELDS = [
  "name", "type", "kind", "amount", "account_id", "destination_account_id", "category_id", "frequency",
  "custom_interval_days", "start_date", "end_date", "auto_create", "billing_url", "notes",
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
    custom_interval_days: values.frequency === "custom" && values.custom_interval_days.trim() !== "" ? Number(values.custom_interval_days) : null,
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
}: {
  rule: RecurringRule | null;
  suggestion?: RuleSuggestion;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <Modal open={open} title={rule ? `Edit ${rule.name}` : "New recurring rule"} onClose={onClose} className="modal-wide">
      <RecurringRuleForm key={rule?.id ?? "new"} rule={rule} suggestion={suggestion} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function RecurringRuleForm({
  rule,
  suggestion,
  onClose,
  onSaved,
}: {
  rule: RecurringRule | null;
  suggestion?: RuleSuggestion;
  onClose: () => void;
  onSaved: () => void;
}) {
  const trpc = useTRPC();
  const choices = useQuery(trpc.manage.recurringRules.choices.queryOptions());
  const [values, setValues] = useState<Values>(() => initialValues(rule, suggestion));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const done = { onSuccess: () => { onSaved(); onClose(); } };
  const create = useMutation(trpc.manage.recurringRules.create.mutationOptions(done));
  const update = useMutation(trpc.manage.recurringRules.update.mutationOptions(done));
  const mutation = rule ? update : create;
  const server = serverFormErrors(mutation.error, FIELDS);
  const errors = { ...server.fields, ...clientErrors };
  const set = (field: keyof Values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  const accounts = choices.data?.accounts ?? [];
  const account = accounts.find((candidate) => candidate.id === values.account_id);
  const accountOptions = [{ value: "", label: "Choose an account" }, ...accounts.map((item) => ({ value: item.id, label: `${item.name} · ${item.currency_code}` }))];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutation.reset();
    // The form holds every field, so create's schema checks an edit as well.
    const parsed = createRecurringRuleInput.safeParse(toInput(values));
    const found = parsed.success ? problemFieldErrors(recurringRuleProblems(parsed.data)) : zodFieldErrors(parsed.error);
    setClientErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    if (rule) update.mutate({ id: rule.id, ...parsed.data });
    else create.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate className="stack">
      <FormAlert message={server.form} />
      <div className="form-grid">
        <TextField label="Name" name="name" value={values.name} onChange={set("name")} maxLength={100} autoComplete="off" error={errors.name} />
        <TextField label="Amount" name="amount" value={values.amount} onChange={set("amount")} inputMode="decimal" autoComplete="off" error={errors.amount}
          hint={account ? `In ${account.currency_code}, the account's currency.` : "In the account's currency."} />
        <SelectField label="Type" name="type" value={values.type} onChange={set("type")} error={errors.type} options={RECURRING_TYPES.map((value) => ({ value, label: value }))} />
        <SelectField label="Kind" name="kind" value={values.kind} onChange={set("kind")} error={errors.kind}
          options={RECURRING_KINDS.map((value) => ({ value, label: value === "rule" ? "rule (booked automatically)" : "subscription (tracked by hand)" }))} />
        <SelectField label={values.type === "income" ? "Account (receives)" : "Account (pays)"} name="account_id" value={values.account_id} onChange={set("account_id")}
          error={errors.account_id} options={accountOptions} />
        {values.type === "transfer" ? (
          <SelectField label="Destination account" name="destination_account_id" value={values.destination_account_id} onChange={set("destination_account_id")}
            error={errors.destination_account_id} options={accountOptions} />
        ) : (
          <SelectField label="Category" name="category_id" value={values.category_id} onChange={set("category_id")} error={errors.category_id}
            options={[{ value: "", label: "No category" }, ...(choices.data?.categories ?? []).map((item) => ({ value: item.id, label: item.name }))]} />
        )}
        <SelectField label="Frequency" name="frequency" value={values.frequency} onChange={set("frequency")} error={errors.frequency}
          options={FREQUENCIES.map((value) => ({ value, label: value === "custom" ? "custom (every n days)" : label(value) }))} />
        {values.frequency === "custom" ? (
          <TextField label="Every (days)" name="custom_interval_days" type="number" min={1} value={values.custom_interval_days} onChange={set("custom_interval_days")}
            error={errors.custom_interval_days} />
        ) : (
          <div aria-hidden="true" />
        )}
        <TextField label="Start date" name="start_date" type="date" value={values.start_date} onChange={set("start_date")} error={errors.start_date}
          hint="The first occurrence; later ones are counted from it." />
        <TextField label="End date (optional)" name="end_date" type="date" value={values.end_date} onChange={set("end_date")} error={errors.end_date} />
        {values.kind === "subscription" ? (
          <TextField label="Billing page (optional)" name="billing_url" type="url" value={values.billing_url} onChange={set("billing_url")} error={errors.billing_url} />
        ) : null}
        <TextField label="Notes (optional)" name="notes" value={values.notes} onChange={set("notes")} maxLength={1000} error={errors.notes} />
      </div>
      <CheckboxField label="Create the transactions automatically" name="auto_create" checked={values.auto_create}
        onChange={(event) => setValues((current) => ({ ...current, auto_create: event.target.checked }))} />
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={mutation.isPending}>
          {mutation.isPending ? "Saving…" : rule ? "Save changes" : "Create rule"}
        </button>
      </div>
    </form>
  );
}
