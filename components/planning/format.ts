/** Helpers of the planning forms. Amounts and days are shown with useFormat() (components/locale). */

/** Today in the browser, as a default for date fields (the server decides what "today" means). */
export function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/** "" -> null, anything else trimmed: optional fields of the forms. */
export function optional(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}
