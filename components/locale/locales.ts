/**
 * Which locale formats numbers and dates: the user's choice (a cookie), else the browser's first
 * language this runtime can format (Accept-Language), else British English like the UI's text.
 */

export const LOCALE_COOKIE = "pfa_locale";

export const FALLBACK_LOCALE = "en-GB";

/** The locales the setting offers; any other tag the browser sends is still honoured as its default. */
export const LOCALE_CHOICES: ReadonlyArray<{ tag: string; label: string }> = [
  { tag: "en-GB", label: "English (UK)" },
  { tag: "en-US", label: "English (US)" },
  { tag: "de-DE", label: "Deutsch (Deutschland)" },
  { tag: "de-AT", label: "Deutsch (Österreich)" },
  { tag: "de-CH", label: "Deutsch (Schweiz)" },
  { tag: "fr-FR", label: "Français (France)" },
  { tag: "es-ES", label: "Español (España)" },
  { tag: "it-IT", label: "Italiano (Italia)" },
  { tag: "nl-NL", label: "Nederlands (Nederland)" },
  { tag: "pt-BR", label: "Português (Brasil)" },
  { tag: "pl-PL", label: "Polski (Polska)" },
  { tag: "sv-SE", label: "Svenska (Sverige)" },
];

/** What the dashboard formats with, what the user chose (null: the browser's default) and that default. */
export interface LocaleSettings {
  locale: string;
  choice: string | null;
  browser: string;
}

/** The canonical form of `tag` ("de-de" -> "de-DE") when Intl can format numbers and dates in it, else null. */
function usableLocale(tag: string | null | undefined): string | null {
  const trimmed = tag?.trim();
  if (!trimmed || trimmed === "*" || trimmed.length > 35) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(trimmed);
    if (!canonical) return null;
    const numbers = Intl.NumberFormat.supportedLocalesOf([canonical]);
    const dates = Intl.DateTimeFormat.supportedLocalesOf([canonical]);
    return numbers.length > 0 && dates.length > 0 ? canonical : null;
  } catch {
    return null;
  }
}

/** The first usable tag of an Accept-Language header, by quality then order ("de-DE,de;q=0.9,en;q=0.8" -> "de-DE"). */
export function localeFromAcceptLanguage(header: string | null | undefined): string | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.quality > 0 && Number.isFinite(entry.quality))
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    const usable = usableLocale(entry.tag);
    if (usable) return usable;
  }
  return null;
}

/** The settings for one request, from the cookie's value and the Accept-Language header. */
export function resolveLocale(
  cookie: string | null | undefined,
  acceptLanguage: string | null | undefined,
): LocaleSettings {
  const browser = localeFromAcceptLanguage(acceptLanguage) ?? FALLBACK_LOCALE;
  const choice = usableLocale(cookie);
  return { locale: choice ?? browser, choice, browser };
}

/** The languages the interface is written in (messages/<language>/); any other locale reads English. */
const MESSAGE_LANGUAGE_TAGS = ["en", "de"] as const;

export type MessageLanguage = (typeof MESSAGE_LANGUAGE_TAGS)[number];

/** The language the interface's words are in for `locale`: German for any German locale, else English. */
export function messageLanguage(locale: string): MessageLanguage {
  const language = locale.split("-")[0]?.toLowerCase();
  return MESSAGE_LANGUAGE_TAGS.find((tag) => tag === language) ?? "en";
}

/**
 * The page's `lang`: the locale itself when its words are in its language ("de-AT", "en-US"), else
 * English ("fr-FR" reads English words: the page says so, for screen readers and translators).
 */
export function documentLanguage(locale: string): string {
  const language = messageLanguage(locale);
  return locale.split("-")[0]?.toLowerCase() === language ? locale : language;
}
