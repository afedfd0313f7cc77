"use client";

import { useCallback, useEffect, useRef, useState } from "react";

/**
 * A short message after an action ("3 transactions categorised as Groceries · Undo"), in a polite
 * live region that is always in the page, so screen readers announce each new message. It goes
 * after a while, but never while the pointer or the focus is on it (time to reach Undo).
 *
 *   const toast = useToast();
 *   toast.show({ message: "Saved", action: { label: "Undo", onClick: undo } });
 *   <ToastRegion toast={toast} />
 */

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastMessage {
  message: string;
  /** "error" is drawn as a failure; the region stays polite either way. */
  tone?: "info" | "error";
  action?: ToastAction;
  /** Move the focus to the action: for when the control that was used has just gone (a bar, a row that left the list). */
  focusAction?: boolean;
}

export interface Toaster {
  current: (ToastMessage & { id: number }) | null;
  show: (toast: ToastMessage) => void;
  dismiss: () => void;
}

const VISIBLE_MS = 8000;

export function useToast(): Toaster {
  const [current, setCurrent] = useState<Toaster["current"]>(null);
  const next = useRef(0);
  const show = useCallback((toast: ToastMessage) => setCurrent({ ...toast, id: ++next.current }), []);
  const dismiss = useCallback(() => setCurrent(null), []);
  return { current, show, dismiss };
}

export function ToastRegion({ toast }: { toast: Toaster }) {
  const { current, dismiss } = toast;
  const [held, setHeld] = useState(false);
  const actionRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (current?.focusAction) actionRef.current?.focus();
  }, [current]);

  useEffect(() => {
    if (!current || held) return;
    const timer = window.setTimeout(dismiss, VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [current, held, dismiss]);

  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
      {current ? (
        <div
          key={current.id}
          className={current.tone === "error" ? "toast toast-error" : "toast"}
          onMouseEnter={() => setHeld(true)}
          onMouseLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={() => setHeld(false)}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              setHeld(false);
              dismiss();
            }
          }}
        >
          <span className="toast-text">{current.message}</span>
          {current.action ? (
            <button
              ref={actionRef}
              type="button"
              className="toast-action"
              onClick={() => {
                setHeld(false);
                dismiss();
                current.action?.onClick();
              }}
            >
              {current.action.label}
            </button>
          ) : null}
          <button type="button" className="toast-close" aria-label="Dismiss message" onClick={() => { setHeld(false); dismiss(); }}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
