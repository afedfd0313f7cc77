"use client";

import { useTranslations } from "next-intl";
import { Figure, Meter } from "../planning/fields";
import { useFormat } from "../locale/locale-provider";
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
  const t = useTranslations("goals.card");
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
        <span className={`badge badge-${a.status}`}>{t("status", { status: a.status })}</span>
      </header>
      <p className="plan-figure">
        {t.rich("savedOf", {
          saved: money(a.current_saved),
          target: money(a.target_amount),
          strong: (chunks) => <strong>{chunks}</strong>,
          muted: (chunks) => <span className="muted">{chunks}</span>,
        })}
      </p>
      <Meter
        percent={percent}
        label={t("meter", { name: a.name })}
        tone={a.status === "active" ? PACE_TONES[a.pace] : "neutral"}
      />
      <p className="plan-caption">
        <span>{percent === null ? t("noTarget") : t("percentSaved", { percent: format.percent(percent) })}</span>
        {a.status === "active" ? (
          <span className={`badge badge-pace-${a.pace}`}>{t("pace", { pace: a.pace })}</span>
        ) : null}
      </p>
      <dl className="figures">
        <Figure label={t("monthlyPace")}>{money(a.monthly_pace)}</Figure>
        <Figure label={t("neededPerMonth")}>
          {a.pace_detail.required_monthly === null ? t("noTargetDate") : money(a.pace_detail.required_monthly)}
        </Figure>
        <Figure label={t("targetDate")}>
          {format.day(a.target_date, t("none"))}
          {a.overdue ? <span className="badge badge-over">{t("overdue")}</span> : null}
        </Figure>
        <Figure label={t("eta")}>
          {a.pace === "achieved" ? t("reached") : a.eta_month ? format.month(a.eta_month) : t("notAtThisPace")}
        </Figure>
        <Figure label={t("savedIn")}>{walletName ?? t("trackedByHand")}</Figure>
        <Figure label={t("stillToSave")}>{money(a.pace_detail.remaining_amount)}</Figure>
      </dl>
      <footer className="plan-card-actions">
        <ItemButton action={t("edit")} item={a.name} onClick={onEdit} />
        {a.status === "active" ? (
          <>
            <button
              type="button"
              className="button button-small"
              onClick={onAchieve}
              disabled={busy}
              aria-label={t("markAchievedFor", { name: a.name })}
            >
              {t("markAchieved")}
            </button>
            <ItemButton action={t("abandon")} item={a.name} danger onClick={onAbandon} />
          </>
        ) : (
          <ItemButton action={t("reactivate")} item={a.name} onClick={onReactivate} disabled={busy} />
        )}
      </footer>
    </article>
  );
}
