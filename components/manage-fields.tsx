"use client";

import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { describedBy, FieldError, FieldHint, TextField, type TextFieldProps } from "./form-fields";
import { useFormat } from "./locale/locale-provider";

/** Form controls next to form-fields.tsx's TextField, with the same label, hint and error wiring. */

/** An amount of money typed in the user's locale ("1.234,56"), "0.00" written that way as its example. */
export function AmountField(props: TextFieldProps) {
  const format = useFormat();
  return <TextField inputMode="decimal" placeholder={format.amountInput("0.00")} autoComplete="off" {...props} />;
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
  /** Plain options, shown before any <option>s given as children. */
  options?: ReadonlyArray<{ value: string; label: string }>;
};

export function SelectField({ label, error, hint, options, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...select}
      >
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <FieldHint id={id} hint={hint} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** One <option> per item, its id as the value and its name as the text. */
export function NamedOptions({ items }: { items: ReadonlyArray<{ id: string; name: string }> }) {
  return items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ));
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
};

export function TextAreaField({ label, error, hint, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={2}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...textarea}
      />
      <FieldHint id={id} hint={hint} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  label: string;
  name: string;
  error?: string;
};

export function CheckboxField({ label, error, ...input }: CheckboxFieldProps) {
  return (
    <div className="field">
      <label className="checkbox">
        <input type="checkbox" {...input} />
        {label}
      </label>
      <FieldError message={error} />
    </div>
  );
}

/** A colour swatch picker; the value is a #rrggbb string. */
export function ColorField({
  label,
  name,
  defaultValue,
  error,
}: {
  label: string;
  name: string;
  defaultValue: string;
  error?: string;
}) {
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
