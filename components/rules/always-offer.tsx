"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { plural } from "../format";
import { ErrorNotice } from "../page-parts";
import { useTRPC } from "../trpc-provider";
import { ApplicationProgress } from "./application-progress";
import { MatchCountLine, useMatchCount } from "./rule-match-count";
import { merchantPhrase, type Rule, type RuleConditionsInput } from "./rule-types";

/** What a categorisation could become a rule about: the merchant, where it was read, and the category chosen. */
export interface AlwaysSubject {
  /** Tells one offer from the next (the same row categorised twice is a new offer). */
  key: string;
  merchant: string;
  field: "description" | "counterparty";
  categoryId: string;
  categoryName: string;
}

/**
 * The offer after a transaction is filed by hand: the merchant from its counterparty, else from its
 * description; none for a transfer, for "Uncategorised", or for a text without merchant words.
 */
export function alwaysSubject(
  transaction: { id: string; description: string; counterparty: string | null; type: string },
  categoryId: string | null,
  categoryName: string,
): AlwaysSubject | null {
  if (categoryId === null || transaction.type === "transfer") return null;
  const fromCounterparty = merchantPhrase(transaction.counterparty);
  const merchant = fromCounterparty ?? merchantPhrase(transaction.description);
  if (merchant === null) return null;
  return {
    key: `${transaction.id}:${categoryId}:${Date.now()}`,
    merchant,
    field: fromCounterparty ? "counterparty" : "description",
    categoryId,
    categoryName,
  };
}

/**
 * "Always put ‘REWE’ in Groceries", with how many past transactions that matches; accepting creates
 * the rule, then offers to file the past uncategorised ones too (with Undo).
 */
export function AlwaysOffer({ subject, onDismiss }: { subject: AlwaysSubject; onDismiss: () => void }) {
  const trpc = useTRPC();
  const rules = trpc.categorisationRules;
  const contains = { operator: "contains" as const, value: subject.merchant };
  const conditions: RuleConditionsInput =
    subject.field === "counterparty" ? { counterparty: contains } : { description: contains };
  const count = useMatchCount(conditions);
  const [rule, setRule] = useState<Rule | null>(null);
  const [applicationId, setApplicationId] = useState<string | null>(null);
  const create = useMutation(rules.create.mutationOptions({ onSuccess: ({ data }) => setRule(data) }));
  const apply = useMutation(
    rules.applyRules.mutationOptions({
      onSuccess: ({ data }) => setApplicationId(data.type === "rule_applications" ? data.id : null),
    }),
  );
  // Counted before the rule existed: the same conditions, so the same transactions.
  const uncategorised = count.data?.data.attributes.uncategorised_count ?? 0;
  const sentence = `Always put ‘${subject.merchant}’ in ${subject.categoryName}`;

  return (
    <section className="notice notice-info stack always-offer" aria-label="Make it a rule">
      {rule === null ? (
        <>
          <p>
            File every transaction whose {subject.field} contains ‘{subject.merchant}’ in {subject.categoryName}, now
            and in future imports?
          </p>
          <MatchCountLine count={count} idle="Counting matching past transactions…" />
          <div className="heading-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={create.isPending}
              onClick={() => create.mutate({ name: subject.merchant, conditions, category_id: subject.categoryId })}
            >
              {create.isPending ? "Creating the rule…" : sentence}
            </button>
            <button type="button" className="button" onClick={onDismiss}>
              Not now
            </button>
          </div>
          <ErrorNotice error={create.error} />
        </>
      ) : (
        <>
          <p role="status">
            Rule ‘{rule.attributes.name}’ created: imports put ‘{subject.merchant}’ in {subject.categoryName} from now
            on.
          </p>
          {applicationId ? (
            <ApplicationProgress id={applicationId} compact />
          ) : uncategorised > 0 ? (
            <div className="heading-actions">
              <button
                type="button"
                className="button button-primary"
                disabled={apply.isPending}
                onClick={() => apply.mutate({ rule_ids: [rule.id], only_uncategorised: true, dry_run: false })}
              >
                {apply.isPending
                  ? "Applying…"
                  : `Also file the ${plural(uncategorised, "past uncategorised transaction", "past uncategorised transactions")}`}
              </button>
            </div>
          ) : null}
          <ErrorNotice error={apply.error} />
          <div>
            <button type="button" className="button button-small" onClick={onDismiss}>
              Close
            </button>
          </div>
        </>
      )}
    </section>
  );
}
