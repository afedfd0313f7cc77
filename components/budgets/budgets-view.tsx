"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SelectField } from "../manage-fields";
import { ErrorNotice, PageHeading, QueryList } from "../page-parts";
import { refreshQueries } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import { BudgetCard } from "./budget-card";
import { BudgetDialog, type Budget } from "./budget-dialog";

type ActiveFilter = "" | "true" | "false";

/** Budgets with the current period's spending; create, edit, activate and deactivate. */
export function BudgetsView() {
  const t = useTranslations("budgets.view");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [active, setActive] = useState<ActiveFilter>("");
  const [editing, setEditing] = useState<Budget | "new" | null>(null);
  const list = useQuery(
    trpc.budgets.list.queryOptions({ page: 1, limit: 200, active: active === "" ? undefined : active }),
  );
  const refresh = () => refreshQueries(queryClient, trpc.budgets.list.queryKey());
  const toggle = useMutation(trpc.budgets.setActive.mutationOptions({ onSuccess: refresh }));

  return (
    <>
      <PageHeading
        title={t("title")}
        description={t("description")}
        actions={[{ label: t("newBudget"), onClick: () => setEditing("new") }]}
      />

      <div className="filters">
        <SelectField
          label={t("show")}
          name="active"
          value={active}
          onChange={(event) => setActive(event.target.value as ActiveFilter)}
          options={[
            { value: "", label: t("filter.all") },
            { value: "true", label: t("filter.active") },
            { value: "false", label: t("filter.inactive") },
          ]}
        />
      </div>

      <ErrorNotice error={toggle.error} />
      <QueryList query={list} loading={t("loading")} empty={t("empty")}>
        {(budgets) => (
          <div className="cards">
            {budgets.map((budget) => (
              <BudgetCard
                key={budget.id}
                budget={budget}
                busy={toggle.isPending}
                onEdit={() => setEditing(budget)}
                onToggle={() => toggle.mutate({ id: budget.id, active: !budget.attributes.active })}
              />
            ))}
          </div>
        )}
      </QueryList>

      <BudgetDialog
        budget={editing === "new" ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={() => void refresh()}
      />
    </>
  );
}
