"use client";

import { useTranslations } from "next-intl";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { FormAlert } from "./form-fields";
import { errorMessage } from "./trpc-errors";

/** The parts every management page is built from: heading, failures, a list query's states, table and pager. */

export interface PageAction {
  label: string;
  onClick: () => void;
}

/** The page's title, what it is for, and its buttons; the last of them is the page's main action. */
export function PageHeading({
  title,
  description,
  actions = [],
}: {
  title: string;
  description: ReactNode;
  actions?: readonly PageAction[];
}) {
  const buttons = actions.map((action, index) => (
    <button
      key={action.label}
      type="button"
      className={index === actions.length - 1 ? "button button-primary" : "button"}
      onClick={action.onClick}
    >
      {action.label}
    </button>
  ));
  return (
    <div className="page-heading">
      <div>
        <h1>{title}</h1>
        <p className="muted">{description}</p>
      </div>
      {buttons.length > 1 ? <div className="heading-actions">{buttons}</div> : buttons}
    </div>
  );
}

/** A switch in the toolbar above a list ("Show archived wallets"). */
export function ToolbarCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="toolbar">
      <label className="checkbox">
        <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        {label}
      </label>
    </div>
  );
}

/** A small button acting on one item of a list or card: it shows `action` ("Edit") and is "Edit Groceries" to a screen reader. */
export function ItemButton({
  action,
  item,
  danger = false,
  ...button
}: { action: string; item: string; danger?: boolean } & Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  "type" | "className" | "children"
>) {
  const t = useTranslations("common.lists");
  return (
    <button
      type="button"
      className={danger ? "button button-small button-danger-outline" : "button button-small"}
      aria-label={t("itemAction", { action, item })}
      {...button}
    >
      {action}
    </button>
  );
}

/** A failed query or mutation, said above the page's content; nothing while there is none. */
export function ErrorNotice({ error }: { error: unknown }) {
  return <FormAlert message={error ? errorMessage(error) : null} />;
}

/** A query while it loads ("Loading…" unless told), and its failure; nothing once it has answered. */
export function QueryState({ query, loading }: { query: { isPending: boolean; error: unknown }; loading?: string }) {
  const t = useTranslations("common.lists");
  return (
    <>
      {query.isPending ? <p className="muted">{loading ?? t("loading")}</p> : null}
      <ErrorNotice error={query.error} />
    </>
  );
}

/** `children` draws the items once there are some; `empty` says there are none; nothing while they are unknown. */
function ListOrEmpty<Item>({
  items,
  empty,
  children,
}: {
  items: Item[] | undefined;
  empty: ReactNode;
  children: (items: Item[]) => ReactNode;
}) {
  if (!items) return null;
  return items.length === 0 ? <p className="empty">{empty}</p> : children(items);
}

interface ListQuery<Item> {
  isPending: boolean;
  error: unknown;
  data: { data: Item[]; meta?: { total?: number } } | undefined;
}

/**
 * A list query while it loads, when it failed or found nothing; `children` draws the items once
 * there are some. With `pager`, the pages of a paged list (the query's `meta.total`) follow.
 */
export function QueryList<Item>({
  query,
  loading,
  empty,
  pager,
  children,
}: {
  query: ListQuery<Item>;
  loading: string;
  empty: ReactNode;
  pager?: Omit<PagerProps, "total">;
  children: (items: Item[]) => ReactNode;
}) {
  return (
    <>
      <QueryState query={query} loading={loading} />
      <ListOrEmpty items={query.data?.data} empty={empty}>
        {children}
      </ListOrEmpty>
      {pager ? <Pager {...pager} total={query.data?.meta?.total ?? 0} /> : null}
    </>
  );
}

export type Column = string | { label: string; className?: string; title?: string };

/**
 * A scrolling table: a caption for screen readers, the column heads and, with `actions`, a last
 * column of row buttons. `className` is the table's, `scrollClassName` its scrolling box's.
 */
export function DataTable({
  caption,
  columns,
  actions = false,
  className,
  scrollClassName,
  children,
}: {
  caption?: string;
  columns: readonly Column[];
  actions?: boolean;
  className?: string;
  scrollClassName?: string;
  children: ReactNode;
}) {
  const t = useTranslations("common.lists");
  return (
    <div className={scrollClassName ? `table-scroll ${scrollClassName}` : "table-scroll"}>
      <table className={className ? `table ${className}` : "table"}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => {
              const { label, className: cellClass, title } = typeof column === "string" ? { label: column } : column;
              return (
                <th key={label} scope="col" className={cellClass} title={title}>
                  {label}
                </th>
              );
            })}
            {actions ? (
              <th scope="col">
                <span className="visually-hidden">{t("actions")}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

interface PagerProps {
  label: string;
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  previous?: string;
  next?: string;
}

/** "Page 2 of 5" between a button back and one on; nothing while everything fits on one page. */
export function Pager({ label, page, total, pageSize, onPage, previous, next }: PagerProps) {
  const t = useTranslations("common.lists");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previous ?? t("previous")}
      </button>
      <span className="muted">{t("pageOf", { page, pages })}</span>
      <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {next ?? t("next")}
      </button>
    </nav>
  );
}
