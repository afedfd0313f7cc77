"use client";

import { useState, type FormEvent } from "react";
import { AMOUNT_SEMANTICS, type AmountSemantics } from "./import-types";

/**
 * The file does not say which way its amounts go: the user chooses, and the same file is read
 * again with that choice (a new preview). Without the file still in the page, it is chosen again.
 */
export function AmountSemanticsChoice({
  current,
  needsInput,
  hasFile,
  pending,
  onChoose,
}: {
  current: string | null;
  needsInput: boolean;
  hasFile: boolean;
  pending: boolean;
  onChoose: (semantics: AmountSemantics, file: File | null) => void;
}) {
  const [fileMissing, setFileMissing] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const semantics = AMOUNT_SEMANTICS.find((option) => option.value === form.get("amount_semantics"))?.value;
    const file = form.get("file");
    const chosenFile = file instanceof File && file.name !== "" ? file : null;
    if (!hasFile && !chosenFile) {
      setFileMissing(true);
      return;
    }
    if (semantics) onChoose(semantics, chosenFile);
  };
  return (
    <form onSubmit={submit} className={`notice ${needsInput ? "notice-warning" : "notice-info"} stack`} aria-label="Amount signs">
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
              <input type="radio" name="amount_semantics" value={option.value} defaultChecked={option.value === (current ?? "signed_debit_negative")} />
              <span>
                <strong>{option.label}</strong>
                <span className="row-detail">{option.example}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {hasFile ? null : (
        <div className="field">
          <label htmlFor="semantics-file">The same statement file</label>
          <input id="semantics-file" name="file" type="file" />
          {fileMissing ? <p className="field-error">Choose the file again to read it with this choice.</p> : null}
        </div>
      )}
      <div>
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Reading again…" : "Read the file again with this choice"}
        </button>
      </div>
    </form>
  );
}
