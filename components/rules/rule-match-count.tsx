"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useFormat } from "../locale/locale-provider";
import { errorMessage } from "../trpc-errors";
import { useTRPC } from "../trpc-provider";
import type { RuleConditionsInput } from "./rule-types";

const DEBOUNCE_MS = 350;

/**
 * How many past transactions `conditions` match, asked again a moment after they stop changing
 * (typing a pattern sends one request, not one a key). Null conditions ask nothing.
 */
export function useMatchCount(conditions: RuleConditionsInput | null) {
  const trpc = useTRPC();
  const count = useMutation(trpc.categorisationRules.countMatches.mutationOptions());
  const key = conditions === null ? null : JSON.stringify(conditions);
  const { mutate, reset } = count;
  useEffect(() => {
    if (key === null) {
      reset();
      return;
    }
    const timer = window.setTimeout(() => mutate({ conditions: JSON.parse(key) as RuleConditionsInput }), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [key, mutate, reset]);
  return count;
}

type MatchCount = ReturnType<typeof useMatchCount>;

/** "Matches 12 past transactions (3 uncategorised)", in a polite live region so the count is heard as it changes. */
export function MatchCountLine({ count, idle, id }: { count: MatchCount; idle: string; id?: string }) {
  const t = useTranslations("rules.matchCount");
  const format = useFormat();
  const found = count.data?.data.attributes;
  let message = idle;
  if (count.isPending) message = t("counting");
  else if (count.error) message = t("failed", { error: errorMessage(count.error) });
  else if (found)
    message = t("matches", {
      complete: found.complete ? "yes" : "no",
      count: found.match_count,
      uncategorised: format.number(found.uncategorised_count),
    });
  return (
    <p id={id} className={count.error ? "field-error" : "muted small"} role="status" aria-live="polite">
      {message}
    </p>
  );
}
