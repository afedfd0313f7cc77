import { Decimal } from "../money/money";
import { daysBetween } from "../time/calendar";

type Cadence = "weekly" | "biweekly" | "monthly" | "quarterly" | "yearly";

/** Gap ranges in days (inclusive), the occurrences a series needs, and occurrences per month. */
const CADENCES: ReadonlyArray<{
  frequency: Cadence;
  minDays: number;
  maxDays: number;
  minCount: number;
  perMonth: Decimal;
}> = [
  { frequency: "weekly", minDays: 5, maxDays: 9, minCount: 3, perMonth: new Decimal(52).div(12) },
  { frequency: "biweekly", minDays: 11, maxDays: 17, minCount: 3, perMonth: new Decimal(26).div(12) },
  { frequency: "monthly", minDays: 25, maxDays: 34, minCount: 3, perMonth: new Decimal(1) },
  { frequency: "quarterly", minDays: 84, maxDays: 97, minCount: 3, perMonth: new Decimal(1).div(3) },
  { frequency: "yearly", minDays: 358, maxDays: 372, minCount: 2, perMonth: new Decimal(1).div(12) },
];

/** No cadence has consecutive occurrences closer together than this. */
export const MIN_CADENCE_GAP_DAYS = Math.min(...CADENCES.map((cadence) => cadence.minDays));

/** Amounts within 10% of the series' median belong to it. */
const AMOUNT_TOLERANCE = new Decimal("0.1");

export interface Occurrence {
  date: string;
  /** Signed, in the transaction's currency. */
  amount: Decimal;
  /** Signed, in the home currency. */
  home: Decimal;
  rateDate: string | null;
  recurringRuleId: string | null;
}

export interface Series {
  frequency: Cadence;
  perMonth: Decimal;
  members: Occurrence[];
  median: Decimal;
}

function median(values: readonly Decimal[]): Decimal {
  const sorted = [...values].sort((a, b) => a.comparedTo(b));
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return new Decimal(0);
  if (sorted.length % 2 === 1) return sorted[middle]!;
  return sorted[middle - 1]!.plus(sorted[middle]!).div(2);
}

export function withinTolerance(value: Decimal, reference: Decimal): boolean {
  return value.minus(reference).abs().lessThanOrEqualTo(reference.abs().times(AMOUNT_TOLERANCE));
}

/**
 * A recurring series among occurrences of one description pattern, direction and currency (oldest
 * first): the occurrences whose amount is within 10% of the median amount, when every gap between
 * consecutive ones fits the cadence of the median gap, and there are enough of them (3; 2 yearly).
 */
export function detectSeries(occurrences: readonly Occurrence[]): Series | null {
  const mid = median(occurrences.map((occurrence) => occurrence.amount));
  if (mid.isZero()) return null;
  const members = occurrences.filter((occurrence) => withinTolerance(occurrence.amount, mid));
  if (members.length < 2) return null;
  const gaps = members.slice(1).map((member, i) => daysBetween(members[i]!.date, member.date));
  const sortedGaps = [...gaps].sort((a, b) => a - b);
  const half = Math.floor(sortedGaps.length / 2);
  const medianGap = sortedGaps.length % 2 === 1 ? sortedGaps[half]! : (sortedGaps[half - 1]! + sortedGaps[half]!) / 2;
  const cadence = CADENCES.find((candidate) => medianGap >= candidate.minDays && medianGap <= candidate.maxDays);
  if (!cadence || members.length < cadence.minCount) return null;
  if (!gaps.every((gap) => gap >= cadence.minDays && gap <= cadence.maxDays)) return null;
  return { frequency: cadence.frequency, perMonth: cadence.perMonth, members, median: mid };
}

/** Population standard deviation / |mean|; 0 when the mean is 0. */
export function coefficientOfVariation(values: readonly Decimal[]): Decimal {
  if (values.length === 0) return new Decimal(0);
  const mean = values.reduce((total, value) => total.plus(value), new Decimal(0)).div(values.length);
  if (mean.isZero()) return new Decimal(0);
  const variance = values
    .reduce((total, value) => total.plus(value.minus(mean).pow(2)), new Decimal(0))
    .div(values.length);
  return variance.sqrt().div(mean.abs());
}
