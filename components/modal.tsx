"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { FormAlert } from "./form-fields";
import { errorMessage } from "./trpc-errors";

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href]';

/** Focus on the dialog's marked ([data-autofocus]) or first control, unless it is in the dialog already. */
function focusInside(dialog: HTMLDialogElement): void {
  const active = document.activeElement;
  if (active && active !== dialog && dialog.contains(active)) return;
  const target = dialog.querySelector<HTMLElement>("[data-autofocus]") ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
  target?.focus();
}

/**
 * A native modal <dialog>: focus trapping, Escape and the inert page behind it come from the
 * browser. Its content is unmounted while closed, so nothing shown in it stays in the page.
 * Focus moves into it when it opens, stays in it when its content changes (a form giving way to
 * its result), and goes back to what opened it when it closes.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  className,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      focusInside(dialog);
    }
    if (!open && dialog.open) {
      dialog.close();
      if (opener.current?.isConnected) opener.current.focus();
      opener.current = null;
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    // Removing the focused element (a form replaced by its result) would leave focus on the page's body.
    const observer = new MutationObserver(() => {
      if (dialog.open) focusInside(dialog);
    });
    observer.observe(dialog, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={["modal", className].filter(Boolean).join(" ")}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: let React state decide, so the content is cleared the same way as with a button.
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <>
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {children}
        </>
      ) : null}
    </dialog>
  );
}

interface ModalActionsProps {
  label: string;
  pending: boolean;
  pendingLabel?: string;
  disabled?: boolean;
  onCancel: () => void;
}

/** A dialog form's foot: Cancel, and the submit button that says when it is at work. */
export function ModalActions({ label, pending, pendingLabel, disabled, onCancel }: ModalActionsProps) {
  const t = useTranslations("common.dialog");
  return (
    <div className="modal-actions">
      <button type="button" className="button" onClick={onCancel}>
        {t("cancel")}
      </button>
      <button type="submit" className="button button-primary" disabled={pending || disabled}>
        {pending ? (pendingLabel ?? t("saving")) : label}
      </button>
    </div>
  );
}

/**
 * The form of a dialog: checked by the code, not the browser; the failure no field owns above the
 * fields, ModalActions below. `onSubmit` gets the fields' values.
 */
export function DialogForm({
  error,
  onSubmit,
  children,
  ...actions
}: ModalActionsProps & { error: string | null; onSubmit: (data: FormData) => void; children: ReactNode }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(new FormData(event.currentTarget));
  };
  return (
    <form onSubmit={submit} noValidate className="stack">
      <FormAlert message={error} />
      {children}
      <ModalActions {...actions} />
    </form>
  );
}

/** "Are you sure?" for an action that cannot be undone. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations("common.dialog");
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      <div className="modal-body">{children}</div>
      <FormAlert message={error} />
      <div className="modal-actions">
        <button type="button" className="button" onClick={onCancel}>
          {t("cancel")}
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm} disabled={pending}>
          {pending ? t("working") : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

/** The part of a mutation a confirmation drives; a tRPC mutation from useMutation fits. */
interface ConfirmableMutation<Variables> {
  isPending: boolean;
  error: unknown;
  reset: () => void;
  mutate: (variables: Variables, options?: { onSuccess?: () => void }) => void;
}

/** An action's "Are you sure?": the item it waits on, how to ask, and the ConfirmDialog props that go ahead. */
export interface Confirmation<Item> {
  item: Item | null;
  ask: (item: Item) => void;
  dialog: { open: boolean; pending: boolean; error: string | null; onCancel: () => void; onConfirm: () => void };
}

/**
 * The item an action waits to be confirmed for, and ConfirmDialog's props that run `mutation` on
 * it: the dialog closes once the mutation and its own onSuccess (a refresh) are done, and Cancel
 * forgets a failed attempt.
 */
export function useConfirm<Item, Variables>(
  mutation: ConfirmableMutation<Variables>,
  variables: (item: Item) => Variables,
): Confirmation<Item> {
  const [item, setItem] = useState<Item | null>(null);
  return {
    item,
    ask: (chosen: Item) => setItem(chosen),
    dialog: {
      open: item !== null,
      pending: mutation.isPending,
      error: mutation.error ? errorMessage(mutation.error) : null,
      onCancel: () => {
        setItem(null);
        mutation.reset();
      },
      onConfirm: () => {
        if (item !== null) mutation.mutate(variables(item), { onSuccess: () => setItem(null) });
      },
    },
  };
}
