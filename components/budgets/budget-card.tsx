"use client";

import { Figure, Meter } from "../planning/fields";
import { useFormat } from "../locale/locale-provider";
import { label } from "../planning/format";
import type { Budget } from "./budget-dialog";
import { ItemButton } from "../page-parts";

const positive = (amount: string) => !amount.startsWith("-") && /[1-9]/.test(amount);

const STATUS_TONES = { on_track: "good", at_risk: "warn", over: "bad" } as const;

/** One budget: the current period's spending against what is available, its pace and status. */
export function BudgetCard({
  budget,
  busy,
  onEdit,
  onToggle,
}: {
  budget: Budget;
  busy: boolean;
  onEdit: () => void;
  onToggle: () => void;
}) {
  const a = budget.attributes;
  const p = a.current_period;
  const format = useFormat();
  const money = (amount: string) => format.money(amount, a.currency.code);
  // The pace line sits at expected / available of the bar: CSS divides the decimal strings itself.
  const marker =
    p.expected_spend_to_date !== null && positive(p.available)
      ? `calc(${p.expected_spend_to_date} / ${p.available} * 100%)`
      : null;
  return (
    <article
      className={`card plan-card${a.active ? "" : " plan-card-inactive"}`}
      aria-label={a.name}
      style={a.accent_color ? { borderTopColor: a.accent_color } : undefined}
    >
      <header className="plan-card-header">
        <h2>{a.name}</h2>
        {a.active ? (
          <span className={`badge badge-${p.status}`}>{label(p.status)}</span>
        ) : (
          <span className="badge badge-inactive">inactive</span>
        )}
      </header>
      <p className="plan-period">
        {format.day(p.period_start)} – {format.day(p.period_end)}
        <span className="muted">
          {" "}
          · day {p.days_elapsed} of {p.days_total}
        </span>
      </p>
      <p className="plan-figure">
        <strong>{money(p.spent)}</strong> <span className="muted">spent of {money(p.available)}</span>
      </p>
      <Meter
        percent={p.spent_percentage ?? (positive(p.spent) ? "100" : "0")}
        label={`${a.name} spent`}
        tone={STATUS_TONES[p.status]}
        marker={marker}
      />
      <p className="plan-caption">
        <span>{p.spent_percentage === null ? "nothing available" : `${format.percent(p.spent_percentage)} spent`}</span>
        <span>
          {p.remaining.startsWith("-") ? `${money(p.remaining.slice(1))} over` : `${money(p.remaining)} left`}
        </span>
      </p>
      <dl className="figures">
        <Figure label="Budgeted">{money(p.budgeted)}</Figure>
        <Figure label="Rolled over">{a.rollover_strategy === "carry" ? money(p.rollover_in) : "no rollover"}</Figure>
        <Figure label="Expected by today">
          {p.expected_spend_to_date === null ? "no pacing" : money(p.expected_spend_to_date)}
        </Figure>
        <Figure label="Settings">
          {a.period}, {a.pacing_strategy === "none" ? "no pacing" : `${label(a.pacing_strategy)} pace`}
        </Figure>
      </dl>
      <ul className="chips" aria-label="Categories">
        {a.categories.map((category) => (
          <li key={category.id} className="chip">
            {category.name}
          </li>
        ))}
      </ul>
      {p.fx_partial ? (
        <p className="field-hint">{p.missing_fx_count} transaction(s) without an exchange rate are left out.</p>
      ) : null}
      <footer className="plan-card-actions">
        <ItemButton action="Edit" item={a.name} onClick={onEdit} />
        <ItemButton action={a.active ? "Deactivate" : "Activate"} item={a.name} onClick={onToggle} disabled={busy} />
      </footer>
    </article>
  );
}
