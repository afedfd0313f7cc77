"use client";

import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import { FieldError } from "../form-fields";

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
};

/** A labelled <select> with its hint and error, tied to it like TextField's. */
export function SelectField({ label, error, hint, options, ...select }: SelectFieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={described || undefined} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label: string; hint?: ReactNode };

export function CheckboxField({ label, hint, ...input }: CheckboxFieldProps) {
  return (
    <div className="field">
      <label className="checkbox">
        <input type="checkbox" {...input} />
        {label}
      </label>
      {hint ? <p className="field-hint">{hint}</p> : null}
    </div>
  );
}

/** A horizontal bar: `percent` is the API's 2-place string and `marker` a CSS percentage, used as-is (money never becomes a float). */
export function Meter({ percent, label, tone = "neutral", marker }: { percent: string | null; label: string; tone?: string; marker?: string | null }) {
  const value = percent ?? "0";
  return (
    <div
      className={`meter meter-${tone}`}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.min(100, Number(value))}
      aria-valuetext={percent === null ? "not available" : `${percent}%`}
    >
      <div className="meter-fill" style={{ width: `min(100%, max(0%, ${value}%))` }} />
      {marker ? <div className="meter-marker" style={{ left: `min(100%, ${marker})` }} title="Expected by today" /> : null}
    </div>
  );
}

/** A labelled figure in a card ("Next occurrence", "28 Feb 2025"). */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="figure">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
