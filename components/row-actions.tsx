"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { useOutsideClose } from "./use-outside-close";

/**
 * A row's less frequent actions (Edit, Delete) behind one "⋯" button (a disclosure: the buttons
 * show below it), so a list does not carry a Delete button on every line. Escape or a click
 * elsewhere closes it; Escape gives the focus back to the button.
 */
export function RowActions({
  item,
  actions,
}: {
  /** What the row is, for the buttons' names ("Actions for Rent on 1 Dec 2026"). */
  item: string;
  actions: ReadonlyArray<{ label: string; danger?: boolean; onClick: () => void }>;
}) {
  const t = useTranslations("common.lists");
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useOutsideClose(open, root, () => setOpen(false));
  return (
    <div
      className="row-actions-menu"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="button button-small row-actions-toggle"
        aria-label={t("actionsFor", { item })}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      <div id={id} className="row-actions-list" hidden={!open}>
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            className={action.danger ? "button button-small button-danger-outline" : "button button-small"}
            aria-label={t("itemAction", { action: action.label, item })}
            onClick={() => {
              setOpen(false);
              action.onClick();
            }}
          >
            {action.label}
          </button>
        ))}
      </div>
    </div>
  );
}
