"use client";

import { createContext, useContext, useMemo, type ReactNode } from "react";
import { createFormatter, type Formatter } from "./formatter";
import { FALLBACK_LOCALE, type LocaleSettings } from "./locales";
import { parseLocaleAmount, readAmountFields, type AmountReading } from "./parse-amount";

export interface LocaleContextValue extends LocaleSettings {
  format: Formatter;
  /** "1.234,56" -> "1234.56" in the user's locale, or why not. */
  parseAmount(text: string): AmountReading;
  /** A form value with its amount fields read (see readAmountFields). */
  readAmounts<Value>(value: Value, paths: readonly string[]): { value: Value; problems: Record<string, string> };
}

function contextValue(settings: LocaleSettings): LocaleContextValue {
  return {
    ...settings,
    format: createFormatter(settings.locale),
    parseAmount: (text) => parseLocaleAmount(text, settings.locale),
    readAmounts: (value, paths) => readAmountFields(value, paths, settings.locale),
  };
}

// Outside the dashboard (sign-in pages) nothing is formatted by locale; the fallback keeps hooks safe there.
const LocaleContext = createContext<LocaleContextValue>(
  contextValue({ locale: FALLBACK_LOCALE, choice: null, browser: FALLBACK_LOCALE }),
);

/**
 * The locale the server resolved for this request (cookie, else Accept-Language): the server's
 * render and the browser's hydration format with the same one.
 */
export function LocaleProvider({ settings, children }: { settings: LocaleSettings; children: ReactNode }) {
  const { locale, choice, browser } = settings;
  const value = useMemo(() => contextValue({ locale, choice, browser }), [locale, choice, browser]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleContextValue {
  return useContext(LocaleContext);
}

/** The formatter of the user's locale: `const format = useFormat(); format.money("12.30", "EUR")`. */
export function useFormat(): Formatter {
  return useContext(LocaleContext).format;
}
