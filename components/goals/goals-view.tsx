"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../modal";
import { SelectField } from "../planning/fields";
import { useTRPC } from "../trpc-provider";
import { errorMessage } from "../trpc-errors";
import { GoalCard } from "./goal-card";
import { GoalDialog, type Goal } from "./goal-dialog";

type StatusFilter = "all" | "active" | "achieved" | "abandoned";

/** Savings goals: progress, pace and ETA; create, edit, mark achieved, abandon, reactivate. */
export function GoalsView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StatusFilter>("all");
  const [editing, setEditing] = useState<Goal | "new" | null>(null);
  const [abandoning, setAbandoning] = useState<Goal | null>(null);
  const list = useQuery(trpc.manage.goals.list.queryOptions({ page: 1, limit: 200, status }));
  const choices = useQuery(trpc.manage.goals.choices.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.manage.goals.list.queryKey() });
  const achieve = useMutation(trpc.manage.goals.achieve.mutationOptions({ onSuccess: refresh }));
  const reactivate = useMutation(trpc.manage.goals.reactivate.mutationOptions({ onSuccess: refresh }));
  const abandon = useMutation(
    trpc.manage.goals.abandon.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setAbandoning(null);
      },
    }),
  );
  const moveError = achieve.error ?? reactivate.error;
  const codeOf = (currencyId: string) => choices.data?.currencies.find((currency) => currency.id === currencyId)?.code ?? "";
  const walletOf = (walletId: string | null) => (walletId === null ? null : (choices.data?.wallets.find((wallet) => wallet.id === walletId)?.name ?? "a wallet"));

  return (
    <>
      <div className="page-heading">
        <div>
          <h1>Goals</h1>
          <p className="muted">What you are saving for. Progress, pace and ETA are worked out as of today in the workspace&apos;s timezone.</p>
        </div>
        <button type="button" className="button button-primary" onClick={() => setEditing("new")}>
          New goal
        </button>
      </div>

      <div className="filters">
        <SelectField label="Status" name="status" value={status} onChange={(event) => setStatus(event.target.value as StatusFilter)}
          options={[{ value: "all", label: "All goals" }, { value: "active", label: "Active" }, { value: "achieved", label: "Achieved" }, { value: "abandoned", label: "Abandoned" }]} />
      </div>

      {moveError ? (
        <p role="alert" className="notice notice-error">
          {errorMessage(moveError)}
        </p>
      ) : null}
      {list.isPending ? <p className="muted">Loading goals…</p> : null}
      {list.isError ? (
        <p role="alert" className="notice notice-error">
          {errorMessage(list.error)}
        </p>
      ) : null}
      {list.data && list.data.data.length === 0 ? <p className="empty">No goals here yet.</p> : null}
      {list.data && list.data.data.length > 0 ? (
        <div className="cards">
          {list.data.data.map((goal) => (
            <GoalCard
              key={goal.id}
              goal={goal}
              currencyCode={codeOf(goal.attributes.currency_id)}
              walletName={walletOf(goal.attributes.linked_wallet_id)}
              busy={achieve.isPending || reactivate.isPending}
              onEdit={() => setEditing(goal)}
              onAchieve={() => { reactivate.reset(); achieve.mutate({ id: goal.id }); }}
              onReactivate={() => { achieve.reset(); reactivate.mutate({ id: goal.id }); }}
              onAbandon={() => setAbandoning(goal)}
            />
          ))}
        </div>
      ) : null}

      <GoalDialog goal={editing === "new" ? null : editing} open={editing !== null} onClose={() => setEditing(null)} onSaved={() => void refresh()} />
      <ConfirmDialog
        open={abandoning !== null}
        title="Abandon this goal?"
        confirmLabel="Abandon goal"
        pending={abandon.isPending}
        error={abandon.error ? errorMessage(abandon.error) : null}
        onCancel={() => {
          setAbandoning(null);
          abandon.reset();
        }}
        onConfirm={() => abandoning && abandon.mutate({ id: abandoning.id })}
      >
        <p>
          <strong>{abandoning?.attributes.name}</strong> stops counting as a goal you are working on. Its figures are kept, and you can reactivate
          it later.
        </p>
      </ConfirmDialog>
    </>
  );
}
