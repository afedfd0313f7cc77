"use client";

import { keepPreviousData, skipToken, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useState } from "react";
import { FormAlert } from "../form-fields";
import { ErrorNotice } from "../page-parts";
import { useTRPC } from "../trpc-provider";
import { AMOUNT_SEMANTICS, type FileInspection, type ParseOptions } from "./import-types";
import { ColumnGrid, ReadingPreview, Select } from "./reading-grid";
import { DateFormatChoice } from "./date-format-choice";
import {
  cleaned,
  DECIMAL_SEPARATORS,
  DELIMITERS,
  FIND_IT,
  headerCells,
  optionsOf,
  PREVIEW_DELAY_MS,
  rememberable,
  rolesOf,
  type Draft,
  type Role,
  type Settings,
} from "./reading-options";
import { inspectStatement } from "./upload-statement";

/**
 * "Adjust how this file is read": the file's first rows as a grid with a role picker above each
 * column, the table's header row, date format, decimal separator (and delimiter, sheet, amount
 * signs), and beside them the first transactions as the service reads them with those options,
 * asked again a moment after every change. Nothing is stored until the person applies it.
 */

/** Where the file is: kept with a pending import, or in the browser (an upload the service could not read). */
export type ReadingSource = { kind: "import"; jobId: string } | { kind: "file"; file: File; accountId: string };

export type RememberChange = ParseOptions | "forget" | null;

export interface ReadingEditorProps {
  source: ReadingSource;
  /** The options to start from: the import's reading, the account's remembered one, or none (detection). */
  initial: ParseOptions;
  accountName: string;
  /** The account already has a remembered reading: "Remember" starts ticked. */
  remembered: boolean;
  applying: boolean;
  /** Why applying failed (the re-read's or the upload's message), or null. */
  applyError: string | null;
  /** `remember`: the settings to keep for the account, "forget" when the person unticked the box, null for no change. */
  onApply: (options: ParseOptions, remember: RememberChange) => void;
  onCancel: () => void;
}

export function ReadingEditor({
  source,
  initial,
  accountName,
  remembered,
  applying,
  applyError,
  onApply,
  onCancel,
}: ReadingEditorProps) {
  const t = useTranslations("imports");
  const [draft, setDraft] = useState<Draft | null>(null);
  // Null until the person ticks or unticks it: the account's readings may still be loading.
  const [rememberChoice, setRememberChoice] = useState<boolean | null>(null);
  const remember = rememberChoice ?? remembered;
  const asked = useDelayed(draft ? optionsOf(draft) : initial, PREVIEW_DELAY_MS);
  const inspection = useInspection(source, asked);
  // A refused request (a date format half typed) keeps the last answer on screen, beside its message.
  const [looked, setLooked] = useState<FileInspection | null>(null);
  useEffect(() => {
    if (inspection.data) setLooked(inspection.data);
  }, [inspection.data]);

  // The first answer says how the service reads the file today: the editor starts from there.
  useEffect(() => {
    if (draft || !looked) return;
    const used = looked.error ? initial : { ...initial, ...(looked.parse_options as ParseOptions) };
    const { columns, ...settings } = cleaned(used);
    const roles = rolesOf(columns ?? {}, headerCells(looked, settings.header_row), looked.head?.column_count ?? 0);
    setDraft({ settings, roles, touched: [] });
  }, [draft, looked, initial]);

  const titleId = useId();
  if (!draft || !looked) {
    return (
      <section className="card stack" aria-labelledby={titleId}>
        <h2 id={titleId}>{t("editor.title")}</h2>
        {inspection.error ? <ErrorNotice error={inspection.error} /> : <p className="muted">{t("editor.reading")}</p>}
        <div className="confirm-bar">
          <button type="button" className="button" onClick={onCancel}>
            {t("editor.cancel")}
          </button>
        </div>
      </section>
    );
  }

  const setSetting = (key: keyof Settings, value: unknown) =>
    setDraft((current) => {
      if (!current) return current;
      const settings: Record<string, unknown> = { ...current.settings };
      if (value === undefined) delete settings[key];
      else settings[key] = value;
      // A header row chosen says where the table starts: rows skipped before it no longer apply.
      if (key === "header_row") delete settings.skip_rows;
      return { ...current, settings: settings as Settings, touched: [...new Set([...current.touched, key])] };
    });
  const setRole = (column: number, role: Role | "") =>
    setDraft((current) => {
      if (!current) return current;
      // Every role but the description is one column: choosing it for this column takes it from another.
      const roles = current.roles.map((existing, index) =>
        index === column ? role : role !== "description" && existing === role ? "" : existing,
      );
      return { ...current, roles };
    });

  const head = looked.head;
  const isTable = head !== null;
  const headerRow =
    typeof draft.settings.header_row === "number"
      ? draft.settings.header_row
      : (looked.parse_options.header_row ?? null);
  const header = headerCells(looked, draft.settings.header_row);
  // By name only under a header row the person chose or the reading found and the draft keeps.
  const options = optionsOf(draft, typeof draft.settings.header_row === "number" ? header : null);
  // The date column's cells under the header row: which offered formats read them all.
  const dateColumn = draft.roles.indexOf("date");
  const dateCells =
    head && dateColumn >= 0
      ? head.rows.filter((row) => headerRow === null || row.row > headerRow).map((row) => row.cells[dateColumn] ?? "")
      : [];
  const stale = inspection.isFetching || JSON.stringify(asked) !== JSON.stringify(optionsOf(draft));
  const refused = inspection.error !== null || looked.error !== null;

  return (
    <section className="card stack reading-editor" aria-labelledby={titleId}>
      <div>
        <h2 id={titleId}>{t("editor.title")}</h2>
        <p className="muted small">{t("editor.intro")}</p>
      </div>

      {isTable ? (
        <div className="reading-settings">
          <Select
            label={t("editor.headerRow")}
            value={
              draft.settings.header_row === undefined
                ? ""
                : draft.settings.header_row === null
                  ? "none"
                  : String(draft.settings.header_row)
            }
            onChange={(value) =>
              setSetting("header_row", value === "" ? undefined : value === "none" ? null : Number(value))
            }
            options={[
              { value: FIND_IT, label: t("editor.findIt") },
              { value: "none", label: t("editor.noHeaderRow") },
              ...head.rows.map((row) => ({ value: String(row.row), label: t("editor.row", { row: String(row.row) }) })),
            ]}
          />
          <DateFormatChoice
            id={`${titleId}-date-format`}
            value={draft.settings.date_format}
            cells={dateCells}
            onChange={(value) => setSetting("date_format", value)}
          />
          <Select
            label={t("editor.decimalSeparator")}
            value={draft.settings.decimal_separator ?? ""}
            onChange={(value) => setSetting("decimal_separator", value || undefined)}
            options={[
              { value: FIND_IT, label: t("editor.findIt") },
              ...DECIMAL_SEPARATORS.map(({ value, key }) => ({ value, label: t(`editor.decimalSeparators.${key}`) })),
            ]}
          />
          {head.sheets ? (
            <Select
              label={t("editor.sheet")}
              value={String(draft.settings.sheet ?? head.sheet ?? "")}
              onChange={(value) => setSetting("sheet", value || undefined)}
              options={head.sheets.map((sheet) => ({ value: sheet, label: sheet }))}
            />
          ) : (
            <Select
              label={t("editor.columnSeparator")}
              value={draft.settings.delimiter ?? ""}
              onChange={(value) => setSetting("delimiter", value || undefined)}
              options={[
                { value: FIND_IT, label: t("editor.findIt") },
                ...DELIMITERS.map(({ value, key }) => ({ value, label: t(`editor.delimiters.${key}`) })),
              ]}
            />
          )}
          <Select
            label={t("editor.amountSigns")}
            value={draft.settings.amount_semantics ?? ""}
            onChange={(value) => setSetting("amount_semantics", value || undefined)}
            options={[
              { value: FIND_IT, label: t("editor.findThem") },
              ...AMOUNT_SEMANTICS.map((semantics) => ({
                value: semantics,
                label: t("semantics.label", { semantics }),
              })),
            ]}
          />
        </div>
      ) : (
        <p className="notice notice-info">{t("editor.notATable", { type: looked.file_type.toUpperCase() })}</p>
      )}

      {isTable ? <ColumnGrid head={head} headerRow={headerRow} roles={draft.roles} onRole={setRole} /> : null}

      <ReadingPreview looked={looked} stale={stale} error={inspection.error} />

      <label className="checkbox">
        <input type="checkbox" checked={remember} onChange={(event) => setRememberChoice(event.target.checked)} />
        {accountName ? t("editor.remember", { accountName }) : t("editor.rememberThisAccount")}
      </label>
      <FormAlert message={applyError} />
      <div className="confirm-bar">
        <button type="button" className="button" onClick={onCancel}>
          {t("editor.cancel")}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={applying || stale || refused}
          onClick={() =>
            onApply(options, remember ? rememberable(draft, header) : rememberChoice === false ? "forget" : null)
          }
        >
          {applying ? t("editor.reading") : t("editor.apply")}
        </button>
      </div>
    </section>
  );
}

/** The inspection of the file with `options`, the last answer kept on screen while the next one comes. */
function useInspection(source: ReadingSource, options: ParseOptions) {
  const t = useTranslations("imports");
  const trpc = useTRPC();
  const kept = useQuery({
    ...trpc.imports.inspect.queryOptions(
      source.kind === "import" ? { id: source.jobId, parse_options: options } : skipToken,
    ),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const file = source.kind === "file" ? source : null;
  const local = useQuery({
    queryKey: [
      "statement-inspection",
      file?.accountId,
      file?.file.name,
      file?.file.size,
      file?.file.lastModified,
      options,
    ],
    queryFn: file
      ? () => inspectStatement({ accountId: file.accountId, file: file.file, parseOptions: options }, t)
      : skipToken,
    placeholderData: keepPreviousData,
    retry: false,
  });
  return file ? local : { ...kept, data: kept.data?.data };
}

/** `value`, once it has stayed the same for `delayMs` (as JSON). */
function useDelayed<T>(value: T, delayMs: number): T {
  const text = JSON.stringify(value);
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return useMemo(() => JSON.parse(settled) as T, [settled]);
}
