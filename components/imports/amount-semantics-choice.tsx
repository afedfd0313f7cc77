"use client";

import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { AMOUNT_SEMANTICS, amountSemanticsOf, type AmountSemantics } from "./import-types";

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
  const t = useTranslations("imports");
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const semantics = amountSemanticsOf(form.get("amount_semantics"));
    if (semantics) onChoose(semantics);
  };
  return (
    <form
      onSubmit={submit}
      className={`notice ${needsInput ? "notice-warning" : "notice-info"} stack`}
      aria-label={t("semanticsChoice.label")}
    >
      <fieldset className="field">
        <legend>{needsInput ? t("semanticsChoice.question") : t("semanticsChoice.readAs")}</legend>
        <p className="field-hint">{needsInput ? t("semanticsChoice.questionHint") : t("semanticsChoice.readAsHint")}</p>
        <div className="semantics-grid">
          {AMOUNT_SEMANTICS.map((semantics) => (
            <label key={semantics} className="checkbox semantics-option">
              <input
                type="radio"
                name="amount_semantics"
                value={semantics}
                defaultChecked={semantics === (current ?? "signed_debit_negative")}
              />
              <span>
                <strong>{t("semantics.label", { semantics })}</strong>
                <span className="row-detail">{t("semantics.example", { semantics })}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <button type="submit" className="button" disabled={pending}>
          {pending ? t("semanticsChoice.readingAgain") : t("semanticsChoice.submit")}
        </button>
      </div>
    </form>
  );
}
