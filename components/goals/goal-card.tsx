"use client";

import { Figure, Meter } from "../planning/fields";
import { useFormat } from "../locale/locale-provider";
import { label } from "../planning/format";
import type { Goal } from "./goal-dialog";
import { ItemButton } from "../page-parts";

const PACE_TONES = { achieved: "good", ahead: "good", on_track: "good", behind: "warn" } as const;

/** One goal: saved against target, pace and ETA as the API computes them, and its status actions. */
export function GoalCard({
  goal,
  currencyCode,
  walletName,
  busy,
  onEdit,
  onAchieve,
  onAbandon,
  onReactivate,
}: {
  goal: Goal;
  currencyCode: string;
  walletName: string | null;
  busy: boolean;
  onEdit: () => void;
  onAchieve: () => void;
  onAbandon: () => void;
  onReactivate: () => void;
}) {
  const a = goal.attributes;
  const percent = a.pace_detail.progress_percentage;
  const format = useFormat();
  const money = (amount: string) => format.money(amount, currencyCode);
  return (
    <article
      className="card plan-card"
      aria-label={a.name}
      style={a.accent_color ? { borderTopColor: a.accent_color } : undefined}
    >
      <header className="plan-card-header">
        <h2>{a.name}</h2>
        <span className={`badge badge-${a.status}`}>{a.status}</span>
      </header>
      <p className="plan-figure">
        <strong>{money(a.current_saved)}</strong> <span className="muted">of {money(a.target_amount)}</span>
      </p>
      <Meter
        percent={percent}
        label={`${a.name} progress`}
        tone={a.status === "active" ? PACE_TONES[a.pace] : "neutral"}
      />
      <p className="plan-caption">
        <span>{percent === null ? "no target" : `${format.percent(percent)} saved`}</span>
        {a.status === "active" ? <span className={`badge badge-pace-${a.pace}`}>{label(a.pace)}</span> : null}
      </p>
      <dl className="figures">
        <Figure label="Monthly pace">{money(a.monthly_pace)}</Figure>
        <Figure label="Needed per month">
          {a.pace_detail.required_monthly === null ? "no target date" : money(a.pace_detail.required_monthly)}
        </Figure>
        <Figure label="Target date">
          {format.day(a.target_date, "none")}
          {a.overdue ? <span className="badge badge-over">overdue</span> : null}
        </Figure>
        <Figure label="ETA">
          {a.pace === "achieved" ? "reached" : a.eta_month ? format.month(a.eta_month) : "not at this pace"}
        </Figure>
        <Figure label="Saved in">{walletName ?? "tracked by hand"}</Figure>
        <Figure label="Still to save">{money(a.pace_detail.remaining_amount)}</Figure>
      </dl>
      <footer className="plan-card-actions">
        <ItemButton action="Edit" item={a.name} onClick={onEdit} />
        {a.status === "active" ? (
          <>
            <button
              type="button"
              className="button button-small"
              onClick={onAchieve}
              disabled={busy}
              aria-label={`Mark achieved: ${a.name}`}
            >
              Mark achieved
            </button>
            <ItemButton action="Abandon" item={a.name} danger onClick={onAbandon} />
          </>
        ) : (
          <ItemButton action="Reactivate" item={a.name} onClick={onReactivate} disabled={busy} />
        )}
      </footer>
    </article>
  );
}
