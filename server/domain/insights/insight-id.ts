import { AppError } from "../../errors";
import { INSIGHT_TYPES, type InsightType } from "./types";
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacters } from "../user-text";

/** Periods the API accepts: the same years as budget period dates. */
export const PERIOD_PATTERN = /^(19\d\d|2[01]\d\d)-(0[1-9]|1[0-2])$/;

/** `type:YYYY-MM` or `type:YYYY-MM:<rest>`; null when the id cannot be one this API gives. */
export function parseInsightId(id: string): { type: InsightType; period: string } | null {
  const [type, period] = id.split(":");
  if (!type || !period || !(INSIGHT_TYPES as readonly string[]).includes(type) || !PERIOD_PATTERN.test(period))
    return null;
  return { type: type as InsightType, period };
}

/**
 * The id as sent in a path: the REST adapter hands path parameters over still percent-encoded, and
 * clients may encode the colons (`anomaly%3A2026-10%3A...`). A malformed escape stays as it is.
 */
export function decodePathId(raw: string): string {
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    // kept as sent
  }
  // Decoded here, after the input check: a %00 it held must be refused as that check would have.
  if (hasControlCharacters(id))
    throw new AppError("VALIDATION_FAILED", `Validation failed: id: ${CONTROL_CHARACTER_MESSAGE}`);
  return id;
}
