"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
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
  const t = useTranslations("rules.alwaysOffer");
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
  const where = { merchant: subject.merchant, category: subject.categoryName };

  return (
    <section className="notice notice-info stack always-offer" aria-label={t("label")}>
      {rule === null ? (
        <>
          <p>{t("question", { field: subject.field, ...where })}</p>
          <MatchCountLine count={count} idle={t("counting")} />
          <div className="heading-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={create.isPending}
              onClick={() => create.mutate({ name: subject.merchant, conditions, category_id: subject.categoryId })}
            >
              {create.isPending ? t("creating") : t("accept", where)}
            </button>
            <button type="button" className="button" onClick={onDismiss}>
              {t("notNow")}
            </button>
          </div>
          <ErrorNotice error={create.error} />
        </>
      ) : (
        <>
          <p role="status">{t("created", { name: rule.attributes.name, ...where })}</p>
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
                {apply.isPending ? t("applying") : t("fileUncategorised", { count: uncategorised })}
              </button>
            </div>
          ) : null}
          <ErrorNotice error={apply.error} />
          <div>
            <button type="button" className="button button-small" onClick={onDismiss}>
              {t("close")}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
