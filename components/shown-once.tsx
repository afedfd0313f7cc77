"use client";

import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { Modal } from "./modal";
import { CopyStatus, useCopyToClipboard } from "./tokens/copy-to-clipboard";

/**
 * A secret shown once (a new access token, a webhook signing secret): a warning that says so, the
 * value selected when focused, a Copy button with its outcome, what else the caller shows
 * (`children`), and Done. Focus lands on the value when it replaces the form that made it.
 */
export function ShownOnce({
  id,
  label,
  value,
  notice,
  what,
  onClose,
  children,
}: {
  id: string;
  label: string;
  value: string;
  notice: ReactNode;
  /** The value in words, for the copy failure ("select the token and copy it yourself"). */
  what: string;
  onClose: () => void;
  children?: ReactNode;
}) {
  const t = useTranslations("common.shownOnce");
  const { state, copy } = useCopyToClipboard();
  return (
    <div className="stack">
      <p className="notice notice-warning">{notice}</p>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <div className="copy-row">
          <input
            id={id}
            className="mono"
            readOnly
            autoFocus
            value={value}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" className="button" onClick={() => void copy(value)}>
            {t("copy")}
          </button>
        </div>
        <CopyStatus state={state} what={what} />
      </div>
      {children}
      <div className="modal-actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          {t("done")}
        </button>
      </div>
    </div>
  );
}

/**
 * A modal whose form gives way to a secret shown once: titled `formTitle`, then `shownTitle` once
 * `children` calls its `shown` (the form's success); closing resets it and unmounts both.
 */
export function ShownOnceModal({
  open,
  formTitle,
  shownTitle,
  onClose,
  onShown,
  children,
}: {
  open: boolean;
  formTitle: string;
  shownTitle: string;
  onClose: () => void;
  /** After the write that made the secret (a list refreshed, say). */
  onShown: () => void;
  children: (steps: { shown: () => void; close: () => void }) => ReactNode;
}) {
  const [shown, setShown] = useState(false);
  const close = () => {
    setShown(false);
    onClose();
  };
  return (
    <Modal open={open} title={shown ? shownTitle : formTitle} onClose={close} className="modal-wide">
      {children({
        shown: () => {
          setShown(true);
          onShown();
        },
        close,
      })}
    </Modal>
  );
}
