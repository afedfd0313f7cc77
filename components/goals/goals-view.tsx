"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SelectField } from "../manage-fields";
import { ConfirmDialog, useConfirm } from "../modal";
import { ErrorNotice, PageHeading, QueryList } from "../page-parts";
import { refreshQueries } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import { GoalCard } from "./goal-card";
import { GoalDialog, type Goal } from "./goal-dialog";

type StatusFilter = "all" | "active" | "achieved" | "abandoned";

/** Savings goals: progress, pace and ETA; create, edit, mark achieved, abandon, reactivate. */
export function GoalsView() {
  const t = useTranslations("goals.view");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StatusFilter>("all");
  const [editing, setEditing] = useState<Goal | "new" | null>(null);
  const list = useQuery(trpc.goals.list.queryOptions({ page: 1, limit: 200, status }));
  const choices = useQuery(trpc.goals.choices.queryOptions());
  const refresh = () => refreshQueries(queryClient, trpc.goals.list.queryKey());
  const achieve = useMutation(trpc.goals.achieve.mutationOptions({ onSuccess: refresh }));
  const reactivate = useMutation(trpc.goals.reactivate.mutationOptions({ onSuccess: refresh }));
  const abandon = useConfirm(useMutation(trpc.goals.abandon.mutationOptions({ onSuccess: refresh })), (goal: Goal) => ({
    id: goal.id,
  }));
  const codeOf = (currencyId: string) =>
    choices.data?.currencies.find((currency) => currency.id === currencyId)?.code ?? "";
  const walletOf = (walletId: string | null) =>
    walletId === null
      ? null
      : (choices.data?.wallets.find((wallet) => wallet.id === walletId)?.name ?? t("someWallet"));

  return (
    <>
      <PageHeading
        title={t("title")}
        description={t("description")}
        actions={[{ label: t("newGoal"), onClick: () => setEditing("new") }]}
      />

      <div className="filters">
        <SelectField
          label={t("status")}
          name="status"
          value={status}
          onChange={(event) => setStatus(event.target.value as StatusFilter)}
          options={[
            { value: "all", label: t("filter.all") },
            { value: "active", label: t("filter.active") },
            { value: "achieved", label: t("filter.achieved") },
            { value: "abandoned", label: t("filter.abandoned") },
          ]}
        />
      </div>

      <ErrorNotice error={achieve.error ?? reactivate.error} />
      <QueryList query={list} loading={t("loading")} empty={t("empty")}>
        {(goals) => (
          <div className="cards">
            {goals.map((goal) => (
              <GoalCard
                key={goal.id}
                goal={goal}
                currencyCode={codeOf(goal.attributes.currency_id)}
                walletName={walletOf(goal.attributes.linked_wallet_id)}
                busy={achieve.isPending || reactivate.isPending}
                onEdit={() => setEditing(goal)}
                onAchieve={() => {
                  reactivate.reset();
                  achieve.mutate({ id: goal.id });
                }}
                onReactivate={() => {
                  achieve.reset();
                  reactivate.mutate({ id: goal.id });
                }}
                onAbandon={() => abandon.ask(goal)}
              />
            ))}
          </div>
        )}
      </QueryList>

      <GoalDialog
        goal={editing === "new" ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={() => void refresh()}
      />
      <ConfirmDialog {...abandon.dialog} title={t("abandonTitle")} confirmLabel={t("abandonConfirm")}>
        <p>
          {t.rich("abandonBody", {
            name: abandon.item?.attributes.name ?? "",
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      </ConfirmDialog>
    </>
  );
}
