"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { SelectField } from "../manage-fields";
import { useLocale } from "../locale/locale-provider";
import { LOCALE_CHOICES, LOCALE_COOKIE } from "../locale/locales";

const YEAR_IN_SECONDS = 365 * 24 * 60 * 60;
// A fixed day whose day number cannot be a month (31): shows at a glance which comes first.
const SAMPLE_DAY = "2026-12-31";

/** Writes the choice into the cookie the server reads (absent: the browser's language decides). */
function storeChoice(tag: string): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = tag
    ? `${LOCALE_COOKIE}=${encodeURIComponent(tag)}; Path=/; Max-Age=${YEAR_IN_SECONDS}; SameSite=Lax${secure}`
    : `${LOCALE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/** How numbers, amounts and dates are written on every page: the browser's language or a chosen locale. */
export function LocaleSetting() {
  const t = useTranslations("settings.locale");
  const { choice, browser, format } = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const offered =
    choice && !LOCALE_CHOICES.some((option) => option.tag === choice)
      ? [...LOCALE_CHOICES, { tag: choice, label: choice }]
      : LOCALE_CHOICES;

  const choose = (tag: string) => {
    storeChoice(tag);
    // The server resolves the locale (the words' language too), so server render and browser agree: fetch the pages again.
    startTransition(() => router.refresh());
  };

  return (
    <SelectField
      label={t("label")}
      name="locale"
      value={choice ?? ""}
      disabled={pending}
      onChange={(event) => choose(event.target.value)}
      hint={t("hint", { money: format.money("1234.56", "EUR"), day: format.day(SAMPLE_DAY) })}
    >
      <option value="">{t("browserDefault", { browser })}</option>
      {offered.map((option) => (
        <option key={option.tag} value={option.tag}>
          {option.label} · {option.tag}
        </option>
      ))}
    </SelectField>
  );
}
