import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AmountSemantics as ServerAmountSemantics } from "@/server/domain/imports/parsers/types";
import type { AppRouter } from "@/server/routers";

type Outputs = inferRouterOutputs<AppRouter>["imports"];
export type ImportJob = inferRouterOutputs<AppRouter>["imports"]["get"]["data"];
export type PreviewRow = ImportJob["attributes"]["preview"][number];
export type ImportSummary = inferRouterOutputs<AppRouter>["imports"]["list"]["data"][number];
export type ImportAccount = Outputs["accounts"][number];
export type FileInspection = Outputs["inspect"]["data"];
/** `parse_options` as the API takes them (docs/api.md "Statement imports"). */
export type ParseOptions = NonNullable<inferRouterInputs<AppRouter>["imports"]["reparse"]["parse_options"]>;
export type ImportStatus = ImportJob["attributes"]["status"];

export const AMOUNT_SEMANTICS = [
  {
    value: "signed_debit_negative",
    label: "Signed, money out is negative",
    example: "-12.30 is a payment, 12.30 a deposit",
  },
  {
    value: "signed_debit_positive",
    label: "Signed, money out is positive",
    example: "12.30 is a payment (credit-card style)",
  },
  {
    value: "split_columns",
    label: "Separate debit and credit columns",
    example: "one column for money out, one for money in",
  },
  {
    value: "indicator_column",
    label: "Amount with a debit/credit indicator",
    example: "12.30 with D/C, Debit/Credit or S/H beside it",
  },
] as const satisfies ReadonlyArray<{ value: ServerAmountSemantics; label: string; example: string }>;

export type AmountSemantics = (typeof AMOUNT_SEMANTICS)[number]["value"];

export const STATUS_LABELS: Record<ImportStatus, string> = {
  parsing: "Reading",
  parsed: "Ready to confirm",
  needs_input: "Needs your choice",
  queued: "Queued",
  processing: "Importing",
  completed: "Completed",
  failed: "Failed",
  reverted: "Reverted",
};

/** A job the worker still has to finish: the page keeps asking for it. */
export function isRunning(status: ImportStatus): boolean {
  return status === "queued" || status === "processing" || status === "parsing";
}
