"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";

/**
 * A short message after an action ("3 transactions categorised as Groceries · Undo"), in a polite
 * live region that is always in the page, so screen readers announce each new message.
 * - A message with an action stays until it is dismissed (×, Escape), replaced by the next message
 *   or the page is left: no time limit to reach Undo (WCAG 2.2.1). One without an action goes after
 *   8 s, but never while the pointer or the focus is on it.
 * - An action marked `undo` is also triggered by Ctrl+Z (⌘Z on a Mac) while the focus is not in a
 *   text field or a dialog; the message shows the keys.
 * - When the message closes with the focus in it, the focus goes back to where it was before the
 *   message took it, or to `returnFocusTo` (an element id) when that control is gone.
 *
 *   const toast = useToast();
 *   toast.show({ message: "Saved", action: { label: "Undo", onClick: undo } });
 *   <ToastRegion toast={toast} />
 */

interface ToastAction {
  label: string;
  onClick: () => void;
  /** It reverses what was just done: Ctrl+Z / ⌘Z triggers it too. */
  undo?: boolean;
}

interface ToastMessage {
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

/** Where Ctrl+Z belongs to the control (text being edited) or to a dialog, not to the message. */
function keepsUndoKey(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (
    target instanceof HTMLInputElement &&
    !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(target.type)
  )
    return true;
  return target.closest("dialog, [role='dialog'], [role='alertdialog']") !== null;
}

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform);

export function ToastRegion({ toast, returnFocusTo }: { toast: Toaster; returnFocusTo?: string }) {
  const { current, dismiss } = toast;
  const t = useTranslations("common.toast");
  const [held, setHeld] = useState(false);
  const regionRef = useRef<HTMLDivElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);
  // The element that had the focus before the message took it.
  const before = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!current?.focusAction) return;
    const active = document.activeElement;
    if (!regionRef.current?.contains(active))
      before.current = active instanceof HTMLElement && active !== document.body ? active : null;
    actionRef.current?.focus();
  }, [current]);

  useEffect(() => {
    if (!current || current.action || held) return;
    const timer = window.setTimeout(dismiss, VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [current, held, dismiss]);

  /** Closes the message (then runs `then`), and gives the focus back if the message had it. */
  const close = useCallback(
    (then?: () => void) => {
      const hadFocus = regionRef.current?.contains(document.activeElement) ?? false;
      const target = before.current;
      before.current = null;
      setHeld(false);
      dismiss();
      then?.();
      if (!hadFocus) return;
      if (target?.isConnected) target.focus();
      else if (returnFocusTo) document.getElementById(returnFocusTo)?.focus();
    },
    [dismiss, returnFocusTo],
  );

  const undo = current?.action?.undo ? current.action.onClick : null;
  useEffect(() => {
    if (!undo) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key.toLowerCase() !== "z" ||
        !(event.ctrlKey || event.metaKey) ||
        event.shiftKey ||
        event.altKey ||
        event.repeat ||
        event.defaultPrevented
      )
        return;
      if (keepsUndoKey(event.target)) return;
      event.preventDefault();
      close(undo);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [undo, close]);

  return (
    <div ref={regionRef} className="toast-region" role="status" aria-live="polite" aria-atomic="true">
      {current ? (
        <div
          key={current.id}
          className={current.tone === "error" ? "toast toast-error" : "toast"}
          onMouseEnter={() => setHeld(true)}
          onMouseLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={() => setHeld(false)}
          onKeyDown={(event) => {
            if (event.key === "Escape") close();
          }}
        >
          <span className="toast-text">{current.message}</span>
          {current.action ? (
            <button
              ref={actionRef}
              type="button"
              className="toast-action"
              aria-keyshortcuts={current.action.undo ? "Control+Z Meta+Z" : undefined}
              onClick={() => close(current.action?.onClick)}
            >
              {current.action.label}
            </button>
          ) : null}
          {current.action?.undo ? <kbd className="toast-key">{isMac() ? "⌘Z" : "Ctrl+Z"}</kbd> : null}
          <button type="button" className="toast-close" aria-label={t("dismiss")} onClick={() => close()}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
