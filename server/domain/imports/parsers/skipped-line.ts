import type { StatementUnreadableError } from "./types";

/**
 * A line a parser left out, as a warning: "The balance ... cannot be read (...); the closing
 * balance is left empty (line 14)." The reason is the error a whole file would have failed with.
 */
export function skippedLineWarning(error: StatementUnreadableError, consequence: string): string {
  const suffix = error.location ? ` (${error.location})` : "";
  const reason = suffix && error.message.endsWith(suffix) ? error.message.slice(0, -suffix.length) : error.message;
  return `${reason.charAt(0).toUpperCase()}${reason.slice(1)}; ${consequence}${suffix}.`;
}

const LISTED = 20;

/** The first 20 such warnings, then one line counting the rest: a broken file must not answer with thousands. */
export function firstWarnings(warnings: string[], what: string): string[] {
  if (warnings.length <= LISTED) return warnings;
  return [...warnings.slice(0, LISTED), `${warnings.length - LISTED} more ${what} were left out (not listed).`];
}
