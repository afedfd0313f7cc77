"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState, type FormEvent } from "react";
import type { AppRouter } from "@/server/routers";
import { createGoalInput } from "@/server/schemas/goals";
import { FormAlert, TextField } from "../form-fields";
import { Modal } from "../modal";
import { SelectField } from "../planning/fields";
import { serverFormErrors, zodFieldErrors, type FieldErrors } from "../planning/form-errors";
import { optional } from "../planning/format";
import { useTRPC } from "../trpc-provider";

export type Goal = inferRouterOutputs<AppRouter>["manage"]["goals"]["list"]["data"][number];

const FIELDS = ["name", "target_amount", "currency_id", "saved_amount", "monthly_contribution", "target_date", "linked_wallet_id", "accent_color"] as const;
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
export function GoalDialog({ goal, open, onClose, onSaved }: { goal: Goal | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  return (
    <Modal open={open} title={goal ? `Edit ${goal.attributes.name}` : "New goal"} onClose={onClose} className="modal-wide">
      <GoalForm key={goal?.id ?? "new"} goal={goal} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function GoalForm({ goal, onClose, onSaved }: { goal: Goal | null; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const choices = useQuery(trpc.manage.goals.choices.queryOptions());
  const [values, setValues] = useState<Values>(() => initialValues(goal));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const done = { onSuccess: () => { onSaved(); onClose(); } };
  const create = useMutation(trpc.manage.goals.create.mutationOptions(done));
  const update = useMutation(trpc.manage.goals.update.mutationOptions(done));
  const mutation = goal ? update : create;
  const server = serverFormErrors(mutation.error, FIELDS);
  const errors = { ...server.fields, ...clientErrors };
  const set = (field: keyof Values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  const currencyId = values.currency_id || choices.data?.home_currency_id || "";
  const currency = choices.data?.currencies.find((candidate) => candidate.id === currencyId);
  const linked = values.linked_wallet_id !== "";

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutation.reset();
    const parsed = createGoalInput.safeParse({
      name: values.name,
      target_amount: values.target_amount,
      currency_id: currencyId || undefined,
      saved_amount: values.saved_amount.trim() === "" ? "0" : values.saved_amount,
      monthly_contribution: optional(values.monthly_contribution),
      target_date: optional(values.target_date),
      linked_wallet_id: optional(values.linked_wallet_id),
    });
    const found = zodFieldErrors(parsed.error);
    setClientErrors(found);
    if (!parsed.success) return;
    // The accent colour has no field here: an edit leaves it as it is.
    const { accent_color: _unchanged, ...fields } = parsed.data;
    if (goal) update.mutate({ id: goal.id, ...fields });
    else create.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate className="stack">
      <FormAlert message={server.form} />
      <div className="form-grid">
        <TextField label="Name" name="name" value={values.name} onChange={set("name")} maxLength={100} autoComplete="off" error={errors.name} />
        <SelectField label="Currency" name="currency_id" value={currencyId} onChange={set("currency_id")} error={errors.currency_id}
          options={(choices.data?.currencies ?? []).map((item) => ({ value: item.id, label: `${item.code} (${item.symbol})` }))} />
        <TextField label="Target amount" name="target_amount" value={values.target_amount} onChange={set("target_amount")} inputMode="decimal" autoComplete="off"
          error={errors.target_amount} hint={currency ? `In ${currency.code}.` : undefined} />
        <TextField label="Target date (optional)" name="target_date" type="date" value={values.target_date} onChange={set("target_date")} error={errors.target_date}
          hint="With a date, the pace compares your monthly saving with what the date requires." />
        <SelectField label="Linked wallet" name="linked_wallet_id" value={values.linked_wallet_id} onChange={set("linked_wallet_id")} error={errors.linked_wallet_id}
          hint="A linked wallet's balance counts as saved."
          options={[{ value: "", label: "None: I track the saved amount" }, ...(choices.data?.wallets ?? []).map((item) => ({ value: item.id, label: item.name }))]} />
        <TextField label="Saved so far" name="saved_amount" value={values.saved_amount} onChange={set("saved_amount")} inputMode="decimal" autoComplete="off"
          disabled={linked} error={errors.saved_amount} hint={linked ? "Not used while a wallet is linked." : undefined} />
        <TextField label="Monthly contribution (optional)" name="monthly_contribution" value={values.monthly_contribution} onChange={set("monthly_contribution")}
          inputMode="decimal" autoComplete="off" error={errors.monthly_contribution}
          hint={linked ? "Empty: the wallet's average saving over the last 3 months." : "Empty: no regular saving is planned."} />
      </div>
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={mutation.isPending}>
          {mutation.isPending ? "Saving…" : goal ? "Save changes" : "Create goal"}
        </button>
      </div>
    </form>
  );
}
