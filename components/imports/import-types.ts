import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { useTranslations } from "next-intl";
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

/** The imports' messages (namespace "imports"), for helpers that put an import into words. */
export type ImportsTranslator = ReturnType<typeof useTranslations<"imports">>;

/** The readings of a file's amount signs, in the order they are offered (words: "imports.semantics"). */
export const AMOUNT_SEMANTICS = [
  "signed_debit_negative",
  "signed_debit_positive",
  "split_columns",
  "indicator_column",
] as const satisfies ReadonlyArray<ServerAmountSemantics>;

export type AmountSemantics = (typeof AMOUNT_SEMANTICS)[number];

/** `value` when it is one of the readings offered. */
export function amountSemanticsOf(value: unknown): AmountSemantics | undefined {
  return AMOUNT_SEMANTICS.find((option) => option === value);
}

/** A job the worker still has to finish: the page keeps asking for it. */
export function isRunning(status: ImportStatus): boolean {
  return status === "queued" || status === "processing" || status === "parsing";
}
