"use client";

import { useTranslations } from "next-intl";
import { useMemo, useRef, useState, type ChangeEvent, type InputHTMLAttributes } from "react";
import { dateEntryPattern, datePlaceholder, readDateEntry, writeDateEntry } from "./date-entry";
import { useLocale } from "./locale-provider";

export type DateInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "defaultValue"> & {
  /** The day as the API writes it ("2026-11-23"), when the caller keeps it. */
  value?: string;
  defaultValue?: string;
};

/** The change event a caller of `<input type="date">` expects: `event.target.value` is the ISO day (or the text as typed). */
function changeEvent(name: string | undefined, value: string): ChangeEvent<HTMLInputElement> {
  const target = { name: name ?? "", value } as HTMLInputElement;
  return { target, currentTarget: target } as ChangeEvent<HTMLInputElement>;
}

/**
 * A day, typed the way the user's locale writes it ("23.11.2026", "11/23/2026"; the placeholder
 * says which), whatever language the browser itself speaks, with the browser's calendar one button
 * away. The form receives the API's "2026-11-23" under `name`; text that names no day is sent as
 * typed, so the server's message says what is wrong rather than the day being lost. A drop-in for
 * `<input type="date">`: `value`/`onChange` or `defaultValue`, `min`/`max` for the calendar.
 */
export function DateInput({
  name,
  value,
  defaultValue,
  onChange,
  onBlur,
  min,
  max,
  disabled,
  ...input
}: DateInputProps) {
  const { locale } = useLocale();
  const t = useTranslations("common.dateInput");
  const pattern = useMemo(() => dateEntryPattern(locale), [locale]);
  const controlled = value !== undefined;
  const [own, setOwn] = useState(defaultValue ?? "");
  const day = controlled ? value : own;
  const [text, setText] = useState(() => writeDateEntry(day, pattern));
  // A day set from outside (a reset, a chosen template) replaces the text, unless the text already means it.
  const [shown, setShown] = useState(day);
  if (day !== shown) {
    setShown(day);
    if ((readDateEntry(text, pattern) ?? text.trim()) !== day) setText(writeDateEntry(day, pattern));
  }
  const picker = useRef<HTMLInputElement>(null);

  const change = (nextText: string, nextDay: string) => {
    setText(nextText);
    setShown(nextDay);
    if (!controlled) setOwn(nextDay);
    onChange?.(changeEvent(name, nextDay));
  };
  const typed = (next: string) => change(next, readDateEntry(next, pattern) ?? next.trim());
  const readable = readDateEntry(text, pattern);
  const placeholder = datePlaceholder(pattern, { day: t("day"), month: t("month"), year: t("year") });

  return (
    <span className="date-input">
      <input
        {...input}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholder}
        disabled={disabled}
        value={text}
        onChange={(event) => typed(event.target.value)}
        onBlur={(event) => {
          // "1.2.26" becomes "01.02.2026" once the field is left: what was understood, said back.
          if (readable) setText(writeDateEntry(readable, pattern));
          onBlur?.(event);
        }}
      />
      {name ? <input type="hidden" name={name} value={day} /> : null}
      <button
        type="button"
        className="date-input-picker"
        aria-label={t("pick")}
        disabled={disabled}
        onClick={() => {
          try {
            picker.current?.showPicker();
          } catch {
            picker.current?.focus();
          }
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor">
          <rect x="2" y="3" width="12" height="11" rx="1.5" />
          <path d="M2 6.5h12M5.5 1.5v3M10.5 1.5v3" />
        </svg>
      </button>
      <input
        ref={picker}
        type="date"
        className="date-input-native"
        tabIndex={-1}
        aria-hidden="true"
        value={readable ?? ""}
        min={min}
        max={max}
        onChange={(event) => change(writeDateEntry(event.target.value, pattern), event.target.value)}
      />
    </span>
  );
}
