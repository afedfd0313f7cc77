"use client";

import { keepPreviousData, skipToken, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useState } from "react";
import { plural } from "../format";
import { amountClass, formatAmount } from "../money";
import { FormAlert } from "../form-fields";
import { ErrorNotice } from "../page-parts";
import { useTRPC } from "../trpc-provider";
import { AMOUNT_SEMANTICS, type FileInspection, type ParseOptions } from "./import-types";
import { inspectStatement } from "./upload-statement";

/**
 * "Adjust how this file is read": the file's first rows as a grid with a role picker above each
 * column, the table's header row, date format, decimal separator (and delimiter, sheet, amount
 * signs), and beside them the first transactions as the service reads them with those options,
 * asked again a moment after every change. Nothing is stored until the person applies it.
 */

/** Where the file is: kept with a pending import, or in the browser (an upload the service could not read). */
export type ReadingSource = { kind: "import"; jobId: string } | { kind: "file"; file: File; accountId: string };

type Role = keyof NonNullable<ParseOptions["columns"]>;
type ColumnRef = string | number;

const ROLES: ReadonlyArray<{ value: Role; label: string }> = [
  { value: "date", label: "Date" },
  { value: "value_date", label: "Value date" },
  { value: "amount", label: "Amount" },
  { value: "debit", label: "Money out (debit)" },
  { value: "credit", label: "Money in (credit)" },
  { value: "indicator", label: "Debit/credit mark" },
  { value: "description", label: "Description" },
  { value: "counterparty", label: "Counterparty" },
  { value: "reference", label: "Reference" },
  { value: "balance", label: "Balance" },
  { value: "currency", label: "Currency" },
];

const DATE_FORMATS = ["DD.MM.YYYY", "DD/MM/YYYY", "MM/DD/YYYY", "YYYY-MM-DD", "DD-MM-YYYY", "D.M.YYYY", "DD.MM.YY", "MM/DD/YY", "YYYYMMDD", "DD MMM YYYY"];
const DELIMITERS = [
  { value: ";", label: "Semicolon ;" },
  { value: ",", label: "Comma ," },
  { value: "\t", label: "Tab" },
  { value: "|", label: "Pipe |" },
];
const DECIMAL_SEPARATORS = [
  { value: ".", label: "Point: 1234.56" },
  { value: ",", label: "Comma: 1234,56" },
];
/** Left to the service: the option is not sent. */
const FIND_IT = { value: "", label: "Find it" };
const PREVIEW_DELAY_MS = 300;

/** Everything but the columns, which the grid holds by position. */
type Settings = Omit<ParseOptions, "columns">;

interface Draft {
  settings: Settings;
  /** The role of each column by position ("" not used); `description` may be on several. */
  roles: Array<Role | "">;
}

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
  onApply: (options: ParseOptions, remember: boolean) => void;
  onCancel: () => void;
}

export function ReadingEditor({ source, initial, accountName, remembered, applying, applyError, onApply, onCancel }: ReadingEditorProps) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [remember, setRemember] = useState(remembered);
  const asked = useDelayed(draft ? optionsOf(draft, draft.settings.header_row) : initial, PREVIEW_DELAY_MS);
  const inspection = useInspection(source, asked);
  const looked = inspection.data;

  // The first answer says how the service reads the file today: the editor starts from there.
  useEffect(() => {
    if (draft || !looked) return;
    const used = looked.error ? initial : { ...initial, ...(looked.parse_options as ParseOptions) };
    const { columns, ...settings } = cleaned(used);
    setDraft({ settings, roles: rolesOf(columns ?? {}, headerCells(looked, settings.header_row), looked.head?.column_count ?? 0) });
  }, [draft, looked, initial]);

  const titleId = useId();
  if (!draft || !looked) {
    return (
      <section className="card stack" aria-labelledby={titleId}>
        <h2 id={titleId}>Adjust how this file is read</h2>
        {inspection.error ? <ErrorNotice error={inspection.error} /> : <p className="muted">Reading the file…</p>}
        <div className="confirm-bar">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
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
      return { ...current, settings: settings as Settings };
    });
  const setRole = (column: number, role: Role | "") =>
    setDraft((current) => {
      if (!current) return current;
      // Every role but the description is one column: choosing it for this column takes it from another.
      const roles = current.roles.map((existing, index) => (index === column ? role : role !== "description" && existing === role ? "" : existing));
      return { ...current, roles };
    });

  const head = looked.head;
  const isTable = head !== null;
  const headerRow = typeof draft.settings.header_row === "number" ? draft.settings.header_row : looked.parse_options.header_row ?? null;
  const options = optionsOf(draft, draft.settings.header_row, headerCells(looked, draft.settings.header_row));
  const stale = inspection.isFetching || JSON.stringify(asked) !== JSON.stringify(optionsOf(draft, draft.settings.header_row));

  return (
    <section className="card stack reading-editor" aria-labelledby={titleId}>
      <div>
        <h2 id={titleId}>Adjust how this file is read</h2>
        <p className="muted small">
          Say which column is which and how dates and amounts are written; the preview shows the first transactions as they would be
          read. Nothing is imported until you confirm.
        </p>
      </div>

      {isTable ? (
        <div className="reading-settings">
          <Select
            label="Header row"
            value={draft.settings.header_row === undefined ? "" : draft.settings.header_row === null ? "none" : String(draft.settings.header_row)}
            onChange={(value) => setSetting("header_row", value === "" ? undefined : value === "none" ? null : Number(value))}
            options={[
              { value: "", label: "Find it" },
              { value: "none", label: "No header row" },
              ...head.rows.map((row) => ({ value: String(row.row), label: `Row ${row.row}` })),
            ]}
          />
          <div className="field">
            <label htmlFor={`${titleId}-date-format`}>Date format</label>
            <input
              id={`${titleId}-date-format`}
              list={`${titleId}-date-formats`}
              value={draft.settings.date_format ?? ""}
              placeholder="Found from the dates"
              onChange={(event) => setSetting("date_format", event.target.value.trim() === "" ? undefined : event.target.value)}
            />
            <datalist id={`${titleId}-date-formats`}>
              {DATE_FORMATS.map((format) => (
                <option key={format} value={format} />
              ))}
            </datalist>
          </div>
          <Select
            label="Decimal separator"
            value={draft.settings.decimal_separator ?? ""}
            onChange={(value) => setSetting("decimal_separator", value || undefined)}
            options={[FIND_IT, ...DECIMAL_SEPARATORS]}
          />
          {head.sheets ? (
            <Select
              label="Sheet"
              value={String(draft.settings.sheet ?? head.sheet ?? "")}
              onChange={(value) => setSetting("sheet", value || undefined)}
              options={head.sheets.map((sheet) => ({ value: sheet, label: sheet }))}
            />
          ) : (
            <Select
              label="Column separator"
              value={draft.settings.delimiter ?? ""}
              onChange={(value) => setSetting("delimiter", value || undefined)}
              options={[FIND_IT, ...DELIMITERS]}
            />
          )}
          <Select
            label="Amount signs"
            value={draft.settings.amount_semantics ?? ""}
            onChange={(value) => setSetting("amount_semantics", value || undefined)}
            options={[{ value: "", label: "Find them" }, ...AMOUNT_SEMANTICS]}
          />
        </div>
      ) : (
        <p className="notice notice-info">This file says how it is read ({looked.file_type.toUpperCase()}): it has no columns to choose.</p>
      )}

      {isTable ? <ColumnGrid head={head} headerRow={headerRow} roles={draft.roles} onRole={setRole} /> : null}

      <ReadingPreview looked={looked} stale={stale} error={inspection.error} />

      <label className="checkbox">
        <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        Remember for {accountName || "this account"}: read its next statements this way
      </label>
      <FormAlert message={applyError} />
      <div className="confirm-bar">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button-primary" disabled={applying || stale || looked.error !== null} onClick={() => onApply(options, remember)}>
          {applying ? "Reading the file…" : "Use these settings"}
        </button>
      </div>
    </section>
  );
}

interface Choice {
  value: string;
  label: string;
}

function Select({ label, value, onChange, options }: { label: string; value: string; onChange: (value: string) => void; options: readonly Choice[] }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The file's first rows, a role picker above each column; the header row stands out. */
function ColumnGrid({
  head,
  headerRow,
  roles,
  onRole,
}: {
  head: NonNullable<FileInspection["head"]>;
  headerRow: number | null;
  roles: Array<Role | "">;
  onRole: (column: number, role: Role | "") => void;
}) {
  const header = head.rows.find((row) => row.row === headerRow)?.cells ?? [];
  const columns = Array.from({ length: head.column_count }, (_, index) => index);
  return (
    <div className="table-scroll reading-grid" role="region" tabIndex={0} aria-label={"The file's first rows"}>
      <table className="table">
        <caption className="visually-hidden">The file&apos;s first rows, with the role of each column</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            {columns.map((column) => {
              const name = header[column] || columnName(column, head.sheets !== undefined);
              return (
                <th key={column} scope="col" className={roles[column] ? "reading-column-used" : undefined}>
                  <select aria-label={`Column ${name}`} value={roles[column] ?? ""} onChange={(event) => onRole(column, event.target.value as Role | "")}>
                    <option value="">Not used</option>
                    {ROLES.map((role) => (
                      <option key={role.value} value={role.value}>
                        {role.label}
                      </option>
                    ))}
                  </select>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {head.rows.map((row) => (
            <tr key={row.row} className={row.row === headerRow ? "reading-header-row" : undefined}>
              <th scope="row" className="numeric">
                {row.row}
              </th>
              {columns.map((column) => (
                <td key={column} className={roles[column] ? "reading-column-used" : undefined}>
                  {row.cells[column] ?? ""}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The first transactions as read with the options, or why the file cannot be read with them. */
function ReadingPreview({ looked, stale, error }: { looked: FileInspection; stale: boolean; error: unknown }) {
  return (
    <div className="stack reading-preview" aria-busy={stale}>
      <h3>As read with these settings</h3>
      <ErrorNotice error={error} />
      {looked.error ? (
        <p role="alert" className="notice notice-error">
          {looked.error}
        </p>
      ) : (
        <p role="status" className="muted small">
          {stale ? "Reading again…" : `${plural(looked.transaction_count, "transaction", "transactions")} in the file`}
          {looked.transaction_count > looked.transactions.length ? `; the first ${looked.transactions.length} are shown.` : "."}
        </p>
      )}
      {looked.warnings.length > 0 ? (
        <ul className="small muted reading-warnings">
          {looked.warnings.slice(0, 5).map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
      {looked.transactions.length > 0 ? (
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">The first transactions as read</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col" className="money-cell">
                  Amount
                </th>
                <th scope="col">Description</th>
                <th scope="col">Counterparty</th>
              </tr>
            </thead>
            <tbody>
              {looked.transactions.map((transaction) => (
                <tr key={transaction.row}>
                  <td className="nowrap">{transaction.date}</td>
                  <td className={amountClass(transaction.amount)}>
                    <span className="nowrap">
                      {formatAmount(transaction.amount)} {transaction.currency_code}
                    </span>
                  </td>
                  <td>{transaction.description}</td>
                  <td>{transaction.counterparty ?? <span className="muted">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

/** The inspection of the file with `options`, the last answer kept on screen while the next one comes. */
function useInspection(source: ReadingSource, options: ParseOptions) {
  const trpc = useTRPC();
  const kept = useQuery({
    ...trpc.manage.imports.inspect.queryOptions(source.kind === "import" ? { id: source.jobId, parse_options: options } : skipToken),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const file = source.kind === "file" ? source : null;
  const local = useQuery({
    queryKey: ["statement-inspection", file?.accountId, file?.file.name, file?.file.size, file?.file.lastModified, options],
    queryFn: file ? () => inspectStatement({ accountId: file.accountId, file: file.file, parseOptions: options }) : skipToken,
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

/** The options without empty values (the echo's nulls mean "not found", not "none"). */
function cleaned(options: ParseOptions): ParseOptions {
  return Object.fromEntries(
    Object.entries(options).filter(([key, value]) => value !== undefined && (value !== null || key === "header_row")),
  ) as ParseOptions;
}

/** The header row's cells, when the options name one. */
function headerCells(looked: FileInspection, headerRow: number | null | undefined): string[] | null {
  const row = headerRow ?? looked.parse_options.header_row;
  if (typeof row !== "number") return null;
  return looked.head?.rows.find((r) => r.row === row)?.cells ?? null;
}

function rolesOf(columns: NonNullable<ParseOptions["columns"]>, header: string[] | null, count: number): Array<Role | ""> {
  const roles: Array<Role | ""> = Array.from({ length: count }, () => "");
  for (const [role, refs] of Object.entries(columns) as Array<[Role, ColumnRef | ColumnRef[] | undefined]>) {
    for (const ref of refs === undefined ? [] : Array.isArray(refs) ? refs : [refs]) {
      const index = typeof ref === "number" ? ref : (header ?? []).findIndex((cell) => cell.trim().toLowerCase() === ref.trim().toLowerCase());
      if (index >= 0 && index < count) roles[index] = role;
    }
  }
  return roles;
}

/**
 * The draft as `parse_options`: each column by its header name where the header row names it once
 * (a remembered reading then fits the bank's next file even if a column moves), else by position.
 */
function optionsOf(draft: Draft, headerRow: number | null | undefined, header: string[] | null = null): ParseOptions {
  const names = typeof headerRow === "number" && header ? header : null;
  const ref = (index: number): ColumnRef => {
    const name = names?.[index]?.trim();
    return name && names!.filter((cell) => cell.trim() === name).length === 1 ? name : index;
  };
  const columns: Partial<Record<Role, ColumnRef | ColumnRef[]>> = {};
  draft.roles.forEach((role, index) => {
    if (role === "") return;
    if (role === "description") {
      const existing = columns.description;
      columns.description = existing === undefined ? ref(index) : [...(Array.isArray(existing) ? existing : [existing]), ref(index)];
    } else {
      columns[role] = ref(index);
    }
  });
  const chosen = columns as ParseOptions["columns"];
  return cleaned({ ...draft.settings, ...(Object.keys(columns).length > 0 ? { columns: chosen } : {}) });
}

/** "A", "B"... in a workbook (as Excel names them); "1", "2"... in a CSV. */
function columnName(index: number, spreadsheet: boolean): string {
  if (!spreadsheet) return String(index + 1);
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
