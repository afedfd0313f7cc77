import type { AmountReading } from "../locale/parse-amount";
import type { Rule, RuleConditionsInput, TextCondition, TextOperator } from "./rule-types";

/** A rule as its dialog edits it: every field a string the person typed or chose. */
export interface RuleDraft {
  name: string;
  /** "" for any description. */
  descriptionOperator: TextOperator | "";
  descriptionValue: string;
  counterpartyOperator: TextOperator | "";
  counterpartyValue: string;
  amountMin: string;
  amountMax: string;
  amountSign: "" | "negative" | "positive";
  accountId: string;
  type: "" | "expense" | "income";
  categoryId: string;
  setCounterparty: string;
  enabled: boolean;
}

export const EMPTY_DRAFT: RuleDraft = {
  name: "",
  descriptionOperator: "",
  descriptionValue: "",
  counterpartyOperator: "",
  counterpartyValue: "",
  amountMin: "",
  amountMax: "",
  amountSign: "",
  accountId: "",
  type: "",
  categoryId: "",
  setCounterparty: "",
  enabled: true,
};

/** The dialog's fields for a saved rule (`formatAmount` writes a magnitude as the person's locale does). */
export function draftOf(rule: Rule, formatAmount: (magnitude: string) => string): RuleDraft {
  const { conditions } = rule.attributes;
  return {
    name: rule.attributes.name,
    descriptionOperator: conditions.description?.operator ?? "",
    descriptionValue: conditions.description?.value ?? "",
    counterpartyOperator: conditions.counterparty?.operator ?? "",
    counterpartyValue: conditions.counterparty?.value ?? "",
    amountMin: conditions.amount?.min ? formatAmount(conditions.amount.min) : "",
    amountMax: conditions.amount?.max ? formatAmount(conditions.amount.max) : "",
    amountSign: conditions.amount?.sign ?? "",
    accountId: conditions.account_id ?? "",
    type: conditions.type ?? "",
    categoryId: rule.attributes.category_id,
    setCounterparty: rule.attributes.set_counterparty ?? "",
    enabled: rule.attributes.enabled,
  };
}

function textCondition(operator: TextOperator | "", value: string): TextCondition | null {
  return operator === "" || value.trim() === "" ? null : { operator, value: value.trim() };
}

export interface DraftConditions {
  /** Null while no condition is set (or an amount cannot be read). */
  conditions: RuleConditionsInput | null;
  /** Messages by field path, as the server names them ("conditions.amount.min"). */
  problems: Record<string, string>;
}

/** The conditions the draft asks for, with its amounts read in the person's locale (magnitudes: no sign). */
export function draftConditions(draft: RuleDraft, parseAmount: (text: string) => AmountReading): DraftConditions {
  const problems: Record<string, string> = {};
  const magnitude = (text: string, path: string): string | null => {
    if (text.trim() === "") return null;
    const read = parseAmount(text.trim());
    if (!read.ok) {
      problems[path] = read.message;
      return null;
    }
    return read.value.replace(/^-/, "");
  };
  const min = magnitude(draft.amountMin, "conditions.amount.min");
  const max = magnitude(draft.amountMax, "conditions.amount.max");
  const sign = draft.amountSign === "" ? null : draft.amountSign;
  const conditions: RuleConditionsInput = {
    description: textCondition(draft.descriptionOperator, draft.descriptionValue),
    counterparty: textCondition(draft.counterpartyOperator, draft.counterpartyValue),
    amount: min === null && max === null && sign === null ? null : { min, max, sign },
    account_id: draft.accountId || null,
    type: draft.type || null,
  };
  const anySet = Object.values(conditions).some((condition) => condition !== null);
  if (Object.keys(problems).length > 0 || !anySet) return { conditions: null, problems };
  return { conditions, problems };
}
