"use client";

import { useTranslations } from "next-intl";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { createFormatter, type Formatter, type FormatterWords } from "./formatter";
import { FALLBACK_LOCALE, type LocaleSettings } from "./locales";
import { parseLocaleAmount, readAmountFields, type AmountReading, type AmountWords } from "./parse-amount";

export interface LocaleContextValue extends LocaleSettings {
  format: Formatter;
  /** "1.234,56" -> "1234.56" in the user's locale, or why not. */
  parseAmount(text: string): AmountReading;
  /** A form value with its amount fields read (see readAmountFields). */
  readAmounts<Value>(value: Value, paths: readonly string[]): { value: Value; problems: Record<string, string> };
}

/** The few words formatting and amount reading say, in the interface's language. */
type LocaleWords = FormatterWords & AmountWords;

function contextValue(settings: LocaleSettings, words?: LocaleWords): LocaleContextValue {
  return {
    ...settings,
    format: createFormatter(settings.locale, words),
    parseAmount: (text) => parseLocaleAmount(text, settings.locale, words),
    readAmounts: (value, paths) => readAmountFields(value, paths, settings.locale, words),
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
  const t = useTranslations("common.amounts");
  const value = useMemo(
    () =>
      contextValue(
        { locale, choice, browser },
        {
          never: t("never"),
          empty: () => t("empty"),
          malformed: (text, example) => t("malformed", { text, example }),
          unclear: (text, whole, decimal) => t("unclear", { text, whole, decimal }),
        },
      ),
    [locale, choice, browser, t],
  );
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleContextValue {
  return useContext(LocaleContext);
}

/** The formatter of the user's locale: `const format = useFormat(); format.money("12.30", "EUR")`. */
export function useFormat(): Formatter {
  return useContext(LocaleContext).format;
}
