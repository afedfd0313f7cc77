"use client";

import { useTranslations } from "next-intl";
import { Figure, Meter } from "../planning/fields";
import { useFormat } from "../locale/locale-provider";
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
  const t = useTranslations("budgets.card");
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
          <span className={`badge badge-${p.status}`}>{t("status", { status: p.status })}</span>
        ) : (
          <span className="badge badge-inactive">{t("inactive")}</span>
        )}
      </header>
      <p className="plan-period">
        {format.day(p.period_start)} – {format.day(p.period_end)}
        <span className="muted"> {t("dayOf", { elapsed: String(p.days_elapsed), total: String(p.days_total) })}</span>
      </p>
      <p className="plan-figure">
        {t.rich("spentOf", {
          spent: money(p.spent),
          available: money(p.available),
          strong: (chunks) => <strong>{chunks}</strong>,
          muted: (chunks) => <span className="muted">{chunks}</span>,
        })}
      </p>
      <Meter
        percent={p.spent_percentage ?? (positive(p.spent) ? "100" : "0")}
        label={t("meter", { name: a.name })}
        tone={STATUS_TONES[p.status]}
        marker={marker}
      />
      <p className="plan-caption">
        <span>
          {p.spent_percentage === null
            ? t("nothingAvailable")
            : t("percentSpent", { percent: format.percent(p.spent_percentage) })}
        </span>
        <span>
          {p.remaining.startsWith("-")
            ? t("over", { amount: money(p.remaining.slice(1)) })
            : t("left", { amount: money(p.remaining) })}
        </span>
      </p>
      <dl className="figures">
        <Figure label={t("budgeted")}>{money(p.budgeted)}</Figure>
        <Figure label={t("rolledOver")}>
          {a.rollover_strategy === "carry" ? money(p.rollover_in) : t("noRollover")}
        </Figure>
        <Figure label={t("expectedByToday")}>
          {p.expected_spend_to_date === null ? t("noPacing") : money(p.expected_spend_to_date)}
        </Figure>
        <Figure label={t("settings")}>{t("settingsValue", { period: a.period, pacing: a.pacing_strategy })}</Figure>
      </dl>
      <ul className="chips" aria-label={t("categories")}>
        {a.categories.map((category) => (
          <li key={category.id} className="chip">
            {category.name}
          </li>
        ))}
      </ul>
      {p.fx_partial ? <p className="field-hint">{t("fxPartial", { count: p.missing_fx_count })}</p> : null}
      <footer className="plan-card-actions">
        <ItemButton action={t("edit")} item={a.name} onClick={onEdit} />
        <ItemButton
          action={a.active ? t("deactivate") : t("activate")}
          item={a.name}
          onClick={onToggle}
          disabled={busy}
        />
      </footer>
    </article>
  );
}
