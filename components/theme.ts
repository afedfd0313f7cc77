/** The colour theme a person chose: "system" follows prefers-color-scheme. Read by the server (app/layout.tsx) and the toggle. */

export const THEME_COOKIE = "pfa_theme";
const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export function themeOf(value: string | null | undefined): Theme {
  return THEMES.find((theme) => theme === value) ?? "system";
}
