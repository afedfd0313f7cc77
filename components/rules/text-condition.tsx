"use client";

import { useTranslations } from "next-intl";
import { TextField } from "../form-fields";
import { SelectField } from "../manage-fields";
import type { RuleDraft } from "./rule-draft";
import { TEXT_OPERATORS } from "./rule-types";

/** "Description: contains ‘rewe’": how to compare, and the text; the text field waits for a way to compare. */
export function TextCondition({
  field,
  operator,
  value,
  error,
  onChange,
}: {
  field: "description" | "counterparty";
  operator: RuleDraft["descriptionOperator"];
  value: string;
  error?: string;
  onChange: (operator: RuleDraft["descriptionOperator"], value: string) => void;
}) {
  const t = useTranslations("rules");
  const options = [
    { value: "", label: t("textCondition.any") },
    ...TEXT_OPERATORS.map((option) => ({ value: option, label: t("operator", { operator: option }) })),
  ];
  return (
    <div className="manage-grid">
      <SelectField
        label={t("textCondition.label", { field })}
        name={`${field}_operator`}
        value={operator}
        onChange={(event) => onChange(event.target.value as RuleDraft["descriptionOperator"], value)}
        options={options}
      />
      <TextField
        label={t("textCondition.text", { field })}
        name={`${field}_value`}
        autoComplete="off"
        maxLength={200}
        value={value}
        disabled={operator === ""}
        onChange={(event) => onChange(operator, event.target.value)}
        hint={operator === "regex" ? t("textCondition.regexHint") : undefined}
        error={error}
      />
    </div>
  );
}
