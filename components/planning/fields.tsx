"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useFormat } from "../locale/locale-provider";

/** A horizontal bar: `percent` is the API's 2-place string and `marker` a CSS percentage, used as-is (money never becomes a float). */
export function Meter({
  percent,
  label,
  tone = "neutral",
  marker,
}: {
  percent: string | null;
  label: string;
  tone?: string;
  marker?: string | null;
}) {
  const t = useTranslations("planning.meter");
  const format = useFormat();
  const value = percent ?? "0";
  return (
    <div
      className={`meter meter-${tone}`}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.min(100, Number(value))}
      aria-valuetext={percent === null ? t("notAvailable") : format.percent(percent)}
    >
      <div className="meter-fill" style={{ width: `min(100%, max(0%, ${value}%))` }} />
      {marker ? (
        <div className="meter-marker" style={{ left: `min(100%, ${marker})` }} title={t("expectedByToday")} />
      ) : null}
    </div>
  );
}

/** A labelled figure in a card ("Next occurrence", "28 Feb 2025"). */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="figure">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
