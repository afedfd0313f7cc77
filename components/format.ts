/** Dates as the dashboard shows them, in the browser's locale and time zone. */

const day = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const moment = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function formatDay(iso: string): string {
  return day.format(new Date(iso));
}

export function formatMoment(iso: string | null, never = "never"): string {
  return iso === null ? never : moment.format(new Date(iso));
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
