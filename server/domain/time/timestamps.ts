/** Timestamps as the API writes them: ISO 8601 in UTC with milliseconds. */
export function iso(date: Date): string;
export function iso(date: Date | null): string | null;
export function iso(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}
