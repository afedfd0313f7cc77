"use client";

import { TextField } from "../form-fields";
import { SelectField } from "../manage-fields";
import type { RuleDraft } from "./rule-draft";
import { TEXT_OPERATORS } from "./rule-types";

const OPERATOR_OPTIONS = [{ value: "", label: "any" }, ...TEXT_OPERATORS];

/** "Description: contains ‘rewe’": how to compare, and the text; the text field waits for a way to compare. */
export function TextCondition({
  label,
  operator,
  value,
  error,
  onChange,
}: {
  label: string;
  operator: RuleDraft["descriptionOperator"];
  value: string;
  error?: string;
  onChange: (operator: RuleDraft["descriptionOperator"], value: string) => void;
}) {
  return (
    <div className="manage-grid">
      <SelectField
        label={label}
        name={`${label.toLowerCase()}_operator`}
        value={operator}
        onChange={(event) => onChange(event.target.value as RuleDraft["descriptionOperator"], value)}
        options={OPERATOR_OPTIONS}
      />
      <TextField
        label={`${label} text`}
        name={`${label.toLowerCase()}_value`}
        autoComplete="off"
        maxLength={200}
        value={value}
        disabled={operator === ""}
        onChange={(event) => onChange(operator, event.target.value)}
        hint={operator === "regex" ? "RE2 syntax: no look-around or back-references." : undefined}
        error={error}
      />
    </div>
  );
}
