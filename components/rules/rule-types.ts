import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { useTranslations } from "next-intl";
import { merchantWords } from "@/server/domain/categorisation/merchant-text";
import type { AppRouter } from "@/server/routers";

type Outputs = inferRouterOutputs<AppRouter>["categorisationRules"];
type Inputs = inferRouterInputs<AppRouter>["categorisationRules"];

export type Rule = Outputs["list"]["data"][number];
export type RuleConditions = Rule["attributes"]["conditions"];
export type RuleConditionsInput = Inputs["create"]["conditions"];
export type TextCondition = NonNullable<RuleConditions["description"]>;
export type TextOperator = TextCondition["operator"];
export type RuleApplication = Outputs["application"]["data"];
export type ApplicationStatus = RuleApplication["attributes"]["status"];
export type RulePreview = Extract<Outputs["applyRules"]["data"], { type: "rule_application_previews" }>;

/** The rules' messages (namespace "rules"), for helpers that put a rule into words. */
export type RulesTranslator = ReturnType<typeof useTranslations<"rules">>;

/** How a text condition compares, in the order the form offers them (words: the "rules.operator" message). */
export const TEXT_OPERATORS: readonly TextOperator[] = ["contains", "equals", "starts_with", "regex"];

/** An application still at work: the page asks for it again until it is done. */
export function isApplying(status: ApplicationStatus): boolean {
  return status === "queued" || status === "running" || status === "undoing";
}

interface Named {
  id: string;
  name: string;
}

/** "Description contains “rewe” and money out": a rule's conditions as a person reads them. */
export function conditionsInWords(
  conditions: RuleConditions,
  accounts: readonly Named[],
  t: RulesTranslator,
  formatAmount: (magnitude: string) => string = (magnitude) => magnitude,
): string {
  const { amount, account_id: accountId, type } = conditions;
  const text = (field: "description" | "counterparty", condition: TextCondition | null) =>
    condition ? t("conditions.text", { field, operator: condition.operator, value: condition.value }) : null;
  const parts = [text("description", conditions.description), text("counterparty", conditions.counterparty)];
  if (amount) {
    const { min, max, sign } = amount;
    if (min !== null && max !== null)
      parts.push(t("conditions.between", { min: formatAmount(min), max: formatAmount(max) }));
    else if (min !== null) parts.push(t("conditions.atLeast", { min: formatAmount(min) }));
    else if (max !== null) parts.push(t("conditions.atMost", { max: formatAmount(max) }));
    if (sign) parts.push(sign === "negative" ? t("conditions.moneyOut") : t("conditions.moneyIn"));
  }
  if (accountId) {
    const account = accounts.find((candidate) => candidate.id === accountId);
    parts.push(account ? t("conditions.onAccount", { account: account.name }) : t("conditions.onOtherAccount"));
  }
  if (type) parts.push(type === "expense" ? t("conditions.expensesOnly") : t("conditions.incomeOnly"));
  const present = parts.filter((part): part is string => part !== null);
  if (present.length === 0) return "";
  const words = present.reduce((first, second) => t("conditions.and", { first, second }));
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** How rules compare text: lower case, no diacritics, spaces collapsed. */
function fold(value: string): string {
  return value
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

const MAX_MERCHANT_WORDS = 3;

/**
 * The merchant in a bank text, as a phrase a "contains" rule finds in it again: the first merchant
 * words (card numbers, dates, codes and payment words left out) that stand side by side in the
 * text, at most three ("REWE SAGT DANKE 4711 KOELN" -> "REWE"). Written as the text writes it when
 * it can be found there; null when the text has no merchant words.
 */
export function merchantPhrase(source: string | null | undefined): string | null {
  if (!source) return null;
  const words = merchantWords(source);
  const folded = fold(source);
  let phrase: string | null = null;
  for (let count = 1; count <= Math.min(words.length, MAX_MERCHANT_WORDS); count += 1) {
    const candidate = words.slice(0, count).join(" ");
    if (!folded.includes(candidate)) break;
    phrase = candidate;
  }
  if (phrase === null) return null;
  // The person's own spelling ("REWE", "Café Anna"), when the text has no diacritics or runs of spaces to fold.
  const at = source.toLowerCase().indexOf(phrase);
  return at >= 0 ? source.slice(at, at + phrase.length) : phrase;
}

/**
 * The name of the category (or account) with this id: `none` ("Uncategorised") for none, `unknown`
 * ("another category") when it is not known. Pass both in the page's language (rules.names).
 */
export function nameOf(
  items: readonly Named[] | undefined,
  id: string | null,
  none = "Uncategorised",
  unknown = "another category",
): string {
  if (id === null) return none;
  return items?.find((item) => item.id === id)?.name ?? unknown;
}
