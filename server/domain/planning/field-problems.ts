/** A rule broken by a combination of fields: reported as 422 by the server, next to `field` by the forms. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** "end_date: must be on or after the start date; ..." (the shape VALIDATION_FAILED messages have too). */
export function describeProblems(problems: readonly FieldProblem[]): string {
  return problems.map((problem) => `${problem.field}: ${problem.message}`).join("; ");
}
