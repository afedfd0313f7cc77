"use client";

import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { FieldError } from "./form-fields";

/** Form controls next to form-fields.tsx's TextField, with the same label, hint and error wiring. */

function describedBy(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

function Hint({ id, hint }: { id: string; hint: ReactNode }) {
  return hint ? (
    <p id={`${id}-hint`} className="field-hint">
      {hint}
    </p>
  ) : null;
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & { label: string; name: string; error?: string; hint?: ReactNode };

export function SelectField({ label, error, hint, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...select}>
        {children}
      </select>
      <Hint id={id} hint={hint} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & { label: string; name: string; error?: string; hint?: ReactNode };

export function TextAreaField({ label, error, hint, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} rows={2} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...textarea} />
      <Hint id={id} hint={hint} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function CheckboxField({ label, name, defaultChecked, error }: { label: string; name: string; defaultChecked?: boolean; error?: string }) {
  return (
    <div className="field">
      <label className="checkbox">
        <input type="checkbox" name={name} defaultChecked={defaultChecked} />
        {label}
      </label>
      <FieldError message={error} />
    </div>
  );
}

/** A colour swatch picker; the value is a #rrggbb string. */
export function ColorField({ label, name, defaultValue, error }: { label: string; name: string; defaultValue: string; error?: string }) {
  const id = useId();
  return (
    <div className="field field-color">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="color" name={name} defaultValue={defaultValue} aria-invalid={error ? true : undefined} />
      <FieldError message={error} />
    </div>
  );
}

/** A small coloured dot standing for a category's or wallet's accent colour. */
export function ColorDot({ color }: { color: string | null }) {
  return <span className="color-dot" style={{ background: color ?? "var(--border)" }} aria-hidden="true" />;
}

export const DEFAULT_ACCENT = "#2563eb";
