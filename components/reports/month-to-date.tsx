"use client";

import { useTranslations } from "next-intl";
import type { Formatter } from "../locale/formatter";
import { useFormat } from "../locale/locale-provider";
import { tooltipMonth } from "./plot";
import type { ReportsTranslator } from "./report-tables";
import type { ReportWindow } from "./report-types";

/** How strongly a month still running is drawn: lighter than the months that have ended. */
export const PARTIAL_OPACITY = 0.45;

/** The badge of a report whose month has not ended yet (window.partial_month). */
export function MonthToDateBadge({ window }: { window?: ReportWindow }) {
  const t = useTranslations("reports.card");
  const format = useFormat();
  if (!window?.partial_month) return null;
  return (
    <span className="badge badge-month-to-date" data-testid="month-to-date">
      {t("monthToDate", { date: format.day(window.as_of) })}
    </span>
  );
}

/** A tooltip's heading that says when the point's month is still running ("November 2026, so far"). */
export function partialTooltipMonth(format: Formatter, t: ReportsTranslator) {
  const heading = tooltipMonth(format);
  return (label: unknown, payload: ReadonlyArray<{ payload?: unknown }>) => {
    const partial = (payload[0]?.payload as { partial?: unknown } | undefined)?.partial === true;
    return partial ? t("card.soFar", { month: heading(label, payload) }) : heading(label, payload);
  };
}

/** A line's dot: hollow for a month still running. */
export function PartialDot(props: { cx?: number; cy?: number; stroke?: string; payload?: { partial?: boolean } }) {
  const { cx, cy, stroke, payload } = props;
  if (cx === undefined || cy === undefined) return null;
  const partial = payload?.partial === true;
  return (
    <circle
      cx={cx}
      cy={cy}
      r={partial ? 4 : 3}
      stroke={stroke}
      strokeWidth={partial ? 2 : 1}
      style={{ fill: partial ? "var(--bg)" : stroke }}
      data-partial={partial || undefined}
    />
  );
}
