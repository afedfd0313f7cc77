"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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
    walletId === null ? null : (choices.data?.wallets.find((wallet) => wallet.id === walletId)?.name ?? "a wallet");

  return (
    <>
      <PageHeading
        title="Goals"
        description="What you are saving for. Progress, pace and ETA are worked out as of today in the workspace's timezone."
        actions={[{ label: "New goal", onClick: () => setEditing("new") }]}
      />

      <div className="filters">
        <SelectField
          label="Status"
          name="status"
          value={status}
          onChange={(event) => setStatus(event.target.value as StatusFilter)}
          options={[
            { value: "all", label: "All goals" },
            { value: "active", label: "Active" },
            { value: "achieved", label: "Achieved" },
            { value: "abandoned", label: "Abandoned" },
          ]}
        />
      </div>

      <ErrorNotice error={achieve.error ?? reactivate.error} />
      <QueryList query={list} loading="Loading goals…" empty="No goals here yet.">
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
      <ConfirmDialog {...abandon.dialog} title="Abandon this goal?" confirmLabel="Abandon goal">
        <p>
          <strong>{abandon.item?.attributes.name}</strong> stops counting as a goal you are working on. Its figures are
          kept, and you can reactivate it later.
        </p>
      </ConfirmDialog>
    </>
  );
}
