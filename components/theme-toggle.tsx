"use client";

import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { THEME_COOKIE, themeOf, type Theme } from "./theme";

const YEAR_IN_SECONDS = 365 * 24 * 60 * 60;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The theme in force: the server put it on <html> from the cookie, and the toggle keeps it there. */
function current(): Theme {
  return themeOf(document.documentElement.dataset.theme);
}

/** Applies `theme` at once and stores it for the server, which sets it on <html> before the page paints. */
function choose(theme: Theme): void {
  const root = document.documentElement;
  if (theme === "system") delete root.dataset.theme;
  else root.dataset.theme = theme;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie =
    theme === "system"
      ? `${THEME_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${YEAR_IN_SECONDS}; SameSite=Lax${secure}`;
  listeners.forEach((listener) => listener());
}

/** System / Light / Dark. */
export function ThemeToggle() {
  // The server's HTML says "system"; hydration then reads the theme the server put on <html>.
  const theme = useSyncExternalStore(subscribe, current, () => "system" as Theme);
  const t = useTranslations("common.theme");
  return (
    <label className="theme-toggle">
      <span>{t("label")}</span>
      <select value={theme} onChange={(event) => choose(themeOf(event.target.value))}>
        <option value="system">{t("system")}</option>
        <option value="light">{t("light")}</option>
        <option value="dark">{t("dark")}</option>
      </select>
    </label>
  );
}
