"use client";

import { useId, useSyncExternalStore, type InputHTMLAttributes, type ReactNode } from "react";
import { DateInput } from "./locale/date-input";

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: string;
  name: string;
  /** The server's message for this field. */
  error?: string;
  hint?: ReactNode;
};

/**
 * A labelled input with its hint and its error, both tied to it for screen readers. `type="date"`
 * is a day typed in the user's locale (DateInput); the form still receives "2026-11-23".
 */
export function TextField({ label, error, hint, ...input }: TextFieldProps) {
  const id = useId();
  const { type, value, defaultValue, ...rest } = input;
  const wiring = { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(id, hint, error) };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {type === "date" ? (
        <DateInput
          {...wiring}
          {...rest}
          value={value === undefined ? undefined : String(value)}
          defaultValue={defaultValue === undefined ? undefined : String(defaultValue)}
        />
      ) : (
        <input {...wiring} {...input} />
      )}
      <FieldHint id={id} hint={hint} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The ids of a field's hint and error, for its control's aria-describedby. */
export function describedBy(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

export function FieldHint({ id, hint }: { id: string; hint: ReactNode }) {
  return hint ? (
    <p id={`${id}-hint`} className="field-hint">
      {hint}
    </p>
  ) : null;
}

export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  );
}

/** A failure of the whole form (wrong password, a conflict, what no field owns). */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="notice notice-error">
      {message}
    </p>
  );
}

/** The outcome of a form that worked. */
export function FormSuccess({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="notice notice-success">
      {children}
    </p>
  );
}

/** The string value of a form field (empty when missing). */
export function formValue(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

const neverChanges = () => () => {};

/**
 * False in the server's HTML, true once React runs this page. A form submitted before that goes out
 * natively (a GET that would put a password in the URL, the history and the server's logs), so
 * forms with secrets keep their button disabled until then and say `method="post"` besides.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/** A group of checkboxes over identifiers shown as code (scopes, event names), sent as repeated `name` fields. */
export function CodeCheckboxes({
  legend,
  name,
  values,
  error,
}: {
  legend: string;
  name: string;
  values: readonly string[];
  error?: string;
}) {
  return (
    <fieldset className="field scopes">
      <legend>{legend}</legend>
      <div className="scope-grid">
        {values.map((value) => (
          <label key={value} className="checkbox">
            <input type="checkbox" name={name} value={value} />
            <code>{value}</code>
          </label>
        ))}
      </div>
      <FieldError message={error} />
    </fieldset>
  );
}
