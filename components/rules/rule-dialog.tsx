"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";
import { TextField } from "../form-fields";
import { useLocale } from "../locale/locale-provider";
import { CheckboxField, NamedOptions, SelectField } from "../manage-fields";
import { DialogForm, Modal } from "../modal";
import { useCreateOrUpdate } from "../save-dialog";
import { serverFieldErrors } from "../schema-form";
import { CategoryOptions } from "../transactions/category-options";
import { useTRPC } from "../trpc-provider";
import { draftConditions, EMPTY_DRAFT, type RuleDraft } from "./rule-draft";
import { MatchCountLine, useMatchCount } from "./rule-match-count";
import type { Rule } from "./rule-types";
import { TextCondition } from "./text-condition";

/** The server's field paths this form shows next to its fields; "conditions" is what no single condition owns. */
const FIELDS = [
  "name",
  "category_id",
  "set_counterparty",
  "conditions.description.value",
  "conditions.description.operator",
  "conditions.counterparty.value",
  "conditions.counterparty.operator",
  "conditions.amount.min",
  "conditions.amount.max",
  "conditions.amount",
  "conditions.account_id",
  "conditions.type",
  "conditions",
] as const;

/**
 * Create a rule, or edit one (`rule` given): conditions, the category, a cleaner counterparty, with
 * a live count of the past transactions the conditions match. `initial` prefills a new rule
 * ("Make a rule" from a cluster); `note` says where the prefilled values came from.
 */
export function RuleDialog({
  open,
  rule,
  initial,
  note,
  onClose,
  onSaved,
}: {
  open: boolean;
  rule?: { rule: Rule; draft: RuleDraft };
  initial?: Partial<RuleDraft>;
  note?: ReactNode;
  onClose: () => void;
  onSaved: (rule: Rule) => void;
}) {
  const t = useTranslations("rules.dialog");
  return (
    <Modal
      open={open}
      title={rule ? t("editTitle", { name: rule.rule.attributes.name }) : t("newTitle")}
      onClose={onClose}
      className="modal-wide"
    >
      <RuleForm
        rule={rule?.rule}
        initial={rule?.draft ?? { ...EMPTY_DRAFT, ...initial }}
        note={note}
        onClose={onClose}
        onSaved={onSaved}
      />
    </Modal>
  );
}

function RuleForm({
  rule,
  initial,
  note,
  onClose,
  onSaved,
}: {
  rule?: Rule;
  initial: RuleDraft;
  note?: ReactNode;
  onClose: () => void;
  onSaved: (rule: Rule) => void;
}) {
  const t = useTranslations("rules.dialog");
  const trpc = useTRPC();
  const { parseAmount } = useLocale();
  const countId = useId();
  const [draft, setDraft] = useState(initial);
  const [checked, setChecked] = useState<Record<string, string> | null>(null);
  const categories = useQuery(trpc.categories.overview.queryOptions({ include_archived: true }));
  const accounts = useQuery(trpc.accounts.options.queryOptions());
  const { create, update, saving } = useCreateOrUpdate(trpc.categorisationRules, rule !== undefined, {
    onSaved: ({ data }) => onSaved(data),
    onClose,
  });
  const { conditions, problems } = draftConditions(draft, parseAmount);
  const count = useMatchCount(conditions);
  const server = serverFieldErrors(saving.error, FIELDS);
  const fields: Record<string, string | undefined> = checked ?? server.fields;
  const set = (change: Partial<RuleDraft>) => setDraft((current) => ({ ...current, ...change }));

  const submit = () => {
    const found: Record<string, string> = { ...problems };
    if (!conditions && Object.keys(problems).length === 0) found.conditions = t("needCondition");
    if (!draft.categoryId) found.category_id = t("chooseCategoryError");
    setChecked(Object.keys(found).length > 0 ? found : null);
    if (!conditions || Object.keys(found).length > 0) return;
    const common = {
      conditions,
      category_id: draft.categoryId,
      enabled: draft.enabled,
      ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
    };
    if (rule) update.mutate({ ...common, id: rule.id, set_counterparty: draft.setCounterparty.trim() || null });
    else
      create.mutate({
        ...common,
        ...(draft.setCounterparty.trim() ? { set_counterparty: draft.setCounterparty } : {}),
      });
  };

  return (
    <DialogForm
      error={checked ? null : server.form}
      onSubmit={submit}
      label={rule ? t("save") : t("create")}
      pending={saving.isPending}
      onCancel={onClose}
    >
      {note ? <div className="notice notice-info small">{note}</div> : null}
      <fieldset className="stack" aria-describedby={countId}>
        <legend>{t("when")}</legend>
        {fields.conditions ? (
          <p role="alert" className="field-error">
            {fields.conditions}
          </p>
        ) : null}
        <TextCondition
          field="description"
          operator={draft.descriptionOperator}
          value={draft.descriptionValue}
          error={fields["conditions.description.value"] ?? fields["conditions.description.operator"]}
          onChange={(operator, value) => set({ descriptionOperator: operator, descriptionValue: value })}
        />
        <TextCondition
          field="counterparty"
          operator={draft.counterpartyOperator}
          value={draft.counterpartyValue}
          error={fields["conditions.counterparty.value"] ?? fields["conditions.counterparty.operator"]}
          onChange={(operator, value) => set({ counterpartyOperator: operator, counterpartyValue: value })}
        />
        <div className="manage-grid">
          <TextField
            label={t("smallestAmount")}
            name="amount_min"
            inputMode="decimal"
            autoComplete="off"
            value={draft.amountMin}
            onChange={(event) => set({ amountMin: event.target.value })}
            error={fields["conditions.amount.min"]}
          />
          <TextField
            label={t("largestAmount")}
            name="amount_max"
            inputMode="decimal"
            autoComplete="off"
            value={draft.amountMax}
            onChange={(event) => set({ amountMax: event.target.value })}
            error={fields["conditions.amount.max"] ?? fields["conditions.amount"]}
          />
          <SelectField
            label={t("amountSign")}
            name="amount_sign"
            value={draft.amountSign}
            onChange={(event) => set({ amountSign: event.target.value as RuleDraft["amountSign"] })}
            options={[
              { value: "", label: t("signs.any") },
              { value: "negative", label: t("signs.negative") },
              { value: "positive", label: t("signs.positive") },
            ]}
          />
        </div>
        <div className="manage-grid">
          <SelectField
            label={t("account")}
            name="account_id"
            value={draft.accountId}
            onChange={(event) => set({ accountId: event.target.value })}
            error={fields["conditions.account_id"]}
          >
            <option value="">{t("anyAccount")}</option>
            <NamedOptions items={accounts.data ?? []} />
          </SelectField>
          <SelectField
            label={t("type")}
            name="type"
            value={draft.type}
            onChange={(event) => set({ type: event.target.value as RuleDraft["type"] })}
            error={fields["conditions.type"]}
            options={[
              { value: "", label: t("types.any") },
              { value: "expense", label: t("types.expense") },
              { value: "income", label: t("types.income") },
            ]}
          />
        </div>
        <MatchCountLine id={countId} count={count} idle={t("countIdle")} />
      </fieldset>
      <fieldset className="stack">
        <legend>{t("then")}</legend>
        <SelectField
          label={t("category")}
          name="category_id"
          value={draft.categoryId}
          onChange={(event) => set({ categoryId: event.target.value })}
          error={fields.category_id}
          required
        >
          <option value="">{t("chooseCategory")}</option>
          <CategoryOptions overview={categories.data} current={rule?.attributes.category_id} />
        </SelectField>
        <TextField
          label={t("cleanerCounterparty")}
          name="set_counterparty"
          maxLength={200}
          autoComplete="off"
          value={draft.setCounterparty}
          onChange={(event) => set({ setCounterparty: event.target.value })}
          hint={t("cleanerHint")}
          error={fields.set_counterparty}
        />
      </fieldset>
      <TextField
        label={t("name")}
        name="name"
        maxLength={100}
        autoComplete="off"
        value={draft.name}
        onChange={(event) => set({ name: event.target.value })}
        hint={t("nameHint")}
        error={fields.name}
      />
      <CheckboxField
        label={t("enabled")}
        name="enabled"
        checked={draft.enabled}
        onChange={(event) => set({ enabled: event.target.checked })}
      />
    </DialogForm>
  );
}
