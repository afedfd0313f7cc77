import { isoDate } from "../dates";

/**
 * The day of an OFX date "YYYYMMDD[HHMMSS[.XXX]][[+-h:TZ]]" as printed: the date part, never
 * converted to UTC. Converting "20050824080000[-5:EST]" or a midnight "[-3:GMT]" date to UTC is
 * what makes other tools book transactions a day off. Null when it is not a real day
 * ("00000000", empty).
 */
export function ofxDay(value: string | null): string | null {
  const match = /^\s*(\d{4})(\d{2})(\d{2})/.exec(value ?? "");
  if (!match) return null;
  return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
}
