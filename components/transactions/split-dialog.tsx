"use client";

import { useMutation } from "@tanstack/react-query";
import Decimal from "decimal.js";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormAlert } from "../form-fields";
import { useFormat, useLocale } from "../locale/locale-provider";
import { AmountField, SelectField, TextAreaField } from "../manage-fields";
import { Modal, ModalActions } from "../modal";
import { errorMessage } from "../trpc-errors";
import { useTRPC } from "../trpc-provider";
import { CategoryOptions } from "./category-options";
import type { CategoryOverview, TransactionItem } from "./transaction-types";

interface PartDraft {
  key: number;
  /** As typed, in the direction of the transaction (a bill's parts typed as positive amounts). */
  amount: string;
  category_id: string;
  notes: string;
}

let nextKey = 0;
const draft = (amount = "", category_id = "", notes = ""): PartDraft => ({
  key: ++nextKey,
  amount,
  category_id,
  notes,
});

/**
 * Splitting a transaction among categories (a supermarket bill: groceries 62.10, household 18.40):
 * a row per part, the amount still to assign shown as the parts are typed, saved when it is zero
 * (the server checks the same sum exactly). A split transaction can be unsplit here too.
 */
export function SplitDialog({
  transaction,
  categories,
  onClose,
  onSaved,
}: {
  transaction: TransactionItem | null;
  categories: CategoryOverview | undefined;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const t = useTranslations("transactions.split");
  return (
    <Modal
      open={transaction !== null}
      title={transaction ? t("title", { description: transaction.description }) : ""}
      onClose={onClose}
      className="modal-wide"
    >
      {transaction ? (
        <SplitForm
          key={transaction.id}
          transaction={transaction}
          categories={categories}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Modal>
  );
}

function SplitForm({
  transaction,
  categories,
  onClose,
  onSaved,
}: {
  transaction: TransactionItem;
  categories: CategoryOverview | undefined;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const t = useTranslations("transactions.split");
  const trpc = useTRPC();
  const format = useFormat();
  const { parseAmount } = useLocale();
  const outgoing = transaction.amount.startsWith("-");
  const total = new Decimal(transaction.amount).abs();
  const [parts, setParts] = useState<PartDraft[]>(() =>
    transaction.parts.length > 0
      ? transaction.parts.map((part) =>
          draft(
            format.amountInput(new Decimal(part.amount).times(outgoing ? -1 : 1).toFixed()),
            part.category_id ?? "",
            part.notes ?? "",
          ),
        )
      : [draft(format.amountInput(total.toFixed()), transaction.category_id ?? ""), draft()],
  );
  const save = useMutation(trpc.transactions.patch.mutationOptions());
  // The transaction's amount comes with its currency's decimal places: the remainder is shown with as many.
  const places = transaction.amount.split(".")[1]?.length ?? 0;
  const money = (value: Decimal) => format.money(value.toFixed(places), transaction.currency_code);

  const readings = parts.map((part) => (part.amount.trim() === "" ? null : parseAmount(part.amount)));
  const assigned = readings.reduce((sum, reading) => (reading?.ok ? sum.plus(reading.value) : sum), new Decimal(0));
  const remaining = total.minus(assigned);
  const unreadable = readings.some((reading) => reading !== null && !reading.ok);
  const ready = parts.length >= 2 && !unreadable && readings.every((reading) => reading?.ok) && remaining.isZero();
  const change = (key: number, field: keyof Omit<PartDraft, "key">, value: string) =>
    setParts((list) => list.map((part) => (part.key === key ? { ...part, [field]: value } : part)));

  const write = (next: PartDraft[], message: string) =>
    save.mutate(
      {
        dry_run: false,
        transactions: [
          {
            id: transaction.id,
            parts: next.map((part, index) => {
              const reading = readings[index];
              const amount = new Decimal(reading?.ok ? reading.value : "0").times(outgoing ? -1 : 1);
              return {
                amount: amount.toFixed(),
                category_id: part.category_id || null,
                notes: part.notes.trim() || null,
              };
            }),
          },
        ],
      },
      { onSuccess: () => onSaved(message) },
    );

  return (
    <form
      className="stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) write(parts, t("saved", { count: parts.length, description: transaction.description }));
      }}
    >
      <p className="muted">
        {t("total", {
          amount: format.money(transaction.amount, transaction.currency_code),
          account: transaction.account_name,
        })}
      </p>
      <FormAlert message={save.error ? errorMessage(save.error) : undefined} />
      <ol className="split-parts">
        {parts.map((part, index) => {
          const reading = readings[index];
          return (
            <li key={part.key} className="split-part" aria-label={t("part", { number: index + 1 })}>
              <AmountField
                label={t("amount", { number: index + 1, currency: transaction.currency_code })}
                name={`amount-${part.key}`}
                value={part.amount}
                onChange={(event) => change(part.key, "amount", event.target.value)}
                error={reading && !reading.ok ? reading.message : undefined}
              />
              <SelectField
                label={t("category", { number: index + 1 })}
                name={`category-${part.key}`}
                value={part.category_id}
                onChange={(event) => change(part.key, "category_id", event.target.value)}
              >
                <option value="">{t("noCategory")}</option>
                <CategoryOptions overview={categories} current={part.category_id || null} />
              </SelectField>
              <TextAreaField
                label={t("notes", { number: index + 1 })}
                name={`notes-${part.key}`}
                rows={1}
                maxLength={2000}
                value={part.notes}
                onChange={(event) => change(part.key, "notes", event.target.value)}
              />
              <button
                type="button"
                className="button button-small"
                disabled={parts.length <= 2}
                onClick={() => setParts((list) => list.filter((each) => each.key !== part.key))}
              >
                {t("remove", { number: index + 1 })}
              </button>
            </li>
          );
        })}
      </ol>
      <div className="split-footer">
        <button
          type="button"
          className="button"
          disabled={parts.length >= 50}
          onClick={() =>
            setParts((list) => [
              ...list,
              draft(remaining.greaterThan(0) ? format.amountInput(remaining.toFixed()) : ""),
            ])
          }
        >
          {t("add")}
        </button>
        <p role="status" data-testid="split-remaining" className={remaining.isZero() ? "positive" : "negative"}>
          {remaining.isZero() ? t("balanced") : t("remaining", { amount: money(remaining) })}
        </p>
      </div>
      {transaction.parts.length > 0 ? (
        <div>
          <button
            type="button"
            className="button button-quiet"
            disabled={save.isPending}
            onClick={() => write([], t("unsplit", { description: transaction.description }))}
          >
            {t("unsplitButton")}
          </button>
        </div>
      ) : null}
      <ModalActions label={t("save")} pending={save.isPending} disabled={!ready} onCancel={onClose} />
    </form>
  );
}
