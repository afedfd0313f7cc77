"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFormat } from "../locale/locale-provider";
import { DATE_FORMATS, dateFormatFits, FIND_IT } from "./reading-options";

const ANOTHER = "another";

/**
 * The reading editor's date format: a choice among the offered formats, those that read every cell
 * of the date column first, each with the first cell as it reads it ("DD.MM.YYYY: 31.12.2026 is
 * 31 Dec 2026"); or another pattern, typed.
 */
export function DateFormatChoice({
  id,
  value,
  cells,
  onChange,
}: {
  id: string;
  value: string | undefined;
  /** The date column's cells (none while no column is the date). */
  cells: readonly string[];
  onChange: (value: string | undefined) => void;
}) {
  const t = useTranslations("imports.editor");
  const format = useFormat();
  const [typing, setTyping] = useState(value !== undefined && !DATE_FORMATS.includes(value));
  const fits = dateFormatFits(cells);
  const anyFits = fits.some((fit) => fit.example);
  return (
    <div className="field date-format-choice">
      <label htmlFor={id}>{t("dateFormat")}</label>
      <select
        id={id}
        value={typing ? ANOTHER : (value ?? FIND_IT)}
        onChange={(event) => {
          const chosen = event.target.value;
          setTyping(chosen === ANOTHER);
          if (chosen !== ANOTHER) onChange(chosen === FIND_IT ? undefined : chosen);
        }}
      >
        <option value={FIND_IT}>{t("findIt")}</option>
        {fits.map(({ format: pattern, example }) => (
          <option key={pattern} value={pattern}>
            {example
              ? t("dateFormatFits", { format: pattern, cell: example.cell, day: format.day(example.day) })
              : anyFits || cells.length > 0
                ? t("dateFormatDoesNotFit", { format: pattern })
                : pattern}
          </option>
        ))}
        <option value={ANOTHER}>{t("dateFormatAnother")}</option>
      </select>
      {typing ? (
        <>
          <label htmlFor={`${id}-pattern`}>{t("datePattern")}</label>
          <input
            id={`${id}-pattern`}
            value={value ?? ""}
            aria-describedby={`${id}-pattern-hint`}
            onChange={(event) => onChange(event.target.value.trim() === "" ? undefined : event.target.value)}
          />
          <p id={`${id}-pattern-hint`} className="field-hint">
            {t("datePatternHint")}
          </p>
        </>
      ) : null}
    </div>
  );
}
