import type { FieldProblem } from "../planning/field-problems";

export const RECURRING_TYPES = ["expense", "income", "transfer"] as const;
export const FREQUENCIES = ["daily", "weekly", "biweekly", "monthly", "quarterly", "yearly", "custom"] as const;

type RecurringType = (typeof RECURRING_TYPES)[number];
type Frequency = (typeof FREQUENCIES)[number];

export interface RecurringRuleShape {
  type: RecurringType;
  account_id: string;
  destination_account_id: string | null;
  frequency: Frequency;
  custom_interval_days: number | null;
  start_date: string;
  end_date: string | null;
}

/** Rules that tie fields together; the server answers them with 422, the form shows them at the field. */
export function recurringRuleProblems(rule: RecurringRuleShape): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (rule.type === "transfer" && rule.destination_account_id === null) {
    problems.push({ field: "destination_account_id", message: "a transfer needs a destination account" });
  } else if (rule.type === "transfer" && rule.destination_account_id === rule.account_id) {
    problems.push({ field: "destination_account_id", message: "must be another account than the source account" });
  } else if (rule.type !== "transfer" && rule.destination_account_id !== null) {
    problems.push({ field: "destination_account_id", message: "only a transfer has a destination account" });
  }
  if (rule.frequency === "custom" && rule.custom_interval_days === null) {
    problems.push({
      field: "custom_interval_days",
      message: "the custom frequency needs an interval of at least 1 day",
    });
  } else if (rule.frequency !== "custom" && rule.custom_interval_days !== null) {
    problems.push({ field: "custom_interval_days", message: "only the custom frequency has an interval" });
  }
  if (rule.end_date !== null && rule.end_date < rule.start_date) {
    problems.push({ field: "end_date", message: "must be on or after the start date" });
  }
  return problems;
}
