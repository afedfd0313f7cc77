"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SelectField } from "../planning/fields";
import { useTRPC } from "../trpc-provider";
import { errorMessage } from "../trpc-errors";
import { BudgetCard } from "./budget-card";
import { BudgetDialog, type Budget } from "./budget-dialog";

type ActiveFilter = "" | "true" | "false";

/** Budgets with the current period's spending; create, edit, activate and deactivate. */
export function BudgetsView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [active, setActive] = useState<ActiveFilter>("");
  const [editing, setEditing] = useState<Budget | "new" | null>(null);
  const list = useQuery(trpc.manage.budgets.list.queryOptions({ page: 1, limit: 200, active: active === "" ? undefined : active === "true" }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.manage.budgets.list.queryKey() });
  const toggle = useMutation(trpc.manage.budgets.setActive.mutationOptions({ onSuccess: refresh }));

  return (
    <>
      <div className="page-heading">
        <div>
          <h1>Budgets</h1>
          <p className="muted">Spending limits per period on chosen categories, for the period that contains today in the workspace&apos;s timezone.</p>
        </div>
        <button type="button" className="button button-primary" onClick={() => setEditing("new")}>
          New budget
        </button>
      </div>

      <div className="filters">
        <SelectField label="Show" name="active" value={active} onChange={(event) => setActive(event.target.value as ActiveFilter)}
          options={[{ value: "", label: "All budgets" }, { value: "true", label: "Active" }, { value: "false", label: "Inactive" }]} />
      </div>

      {toggle.error ? (
        <p role="alert" className="notice notice-error">
          {errorMessage(toggle.error)}
        </p>
      ) : null}
      {list.isPending ? <p className="muted">Loading budgets…</p> : null}
      {list.isError ? (
        <p role="alert" className="notice notice-error">
          {errorMessage(list.error)}
        </p>
      ) : null}
      {list.data && list.data.data.length === 0 ? <p className="empty">No budgets here yet.</p> : null}
      {list.data && list.data.data.length > 0 ? (
        <div className="cards">
          {list.data.data.map((budget) => (
            <BudgetCard
              key={budget.id}
              budget={budget}
              busy={toggle.isPending}
              onEdit={() => setEditing(budget)}
              onToggle={() => toggle.mutate({ id: budget.id, active: !budget.attributes.active })}
            />
          ))}
        </div>
      ) : null}

      <BudgetDialog budget={editing === "new" ? null : editing} open={editing !== null} onClose={() => setEditing(null)} onSaved={() => void refresh()} />
    </>
  );
}
