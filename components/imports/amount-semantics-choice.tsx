"use client";

import type { FormEvent } from "react";
import { AMOUNT_SEMANTICS, type AmountSemantics } from "./import-types";

/**
 * The file does not say which way its amounts go: the user chooses, and the service reads the file
 * it kept again with that choice (a new preview of the same import).
 */
export function AmountSemanticsChoice({
  current,
  needsInput,
  pending,
  onChoose,
}: {
  current: string | null;
  needsInput: boolean;
  pending: boolean;
  onChoose: (semantics: AmountSemantics) => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const semantics = AMOUNT_SEMANTICS.find((option) => option.value === form.get("amount_semantics"))?.value;
    if (semantics) onChoose(semantics);
  };
  return (
    <form
      onSubmit={submit}
      className={`notice ${needsInput ? "notice-warning" : "notice-info"} stack`}
      aria-label="Amount signs"
    >
      <fieldset className="field">
        <legend>{needsInput ? "How does this file show money going out?" : "Amounts were read as:"}</legend>
        <p className="field-hint">
          {needsInput
            ? "The file's amounts could be read either way. Choose how your bank writes them; the file is read again with your choice."
            : "The file did not say how its amounts are signed. Choose another reading if the preview's signs look wrong."}
        </p>
        <div className="semantics-grid">
          {AMOUNT_SEMANTICS.map((option) => (
            <label key={option.value} className="checkbox semantics-option">
              <input
                type="radio"
                name="amount_semantics"
                value={option.value}
                defaultChecked={option.value === (current ?? "signed_debit_negative")}
              />
              <span>
                <strong>{option.label}</strong>
                <span className="row-detail">{option.example}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Reading again…" : "Read the file again with this choice"}
        </button>
      </div>
    </form>
  );
}
