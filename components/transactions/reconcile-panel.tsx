"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useState, type FormEvent } from "react";
import { FormAlert, TextField } from "../form-fields";
import { useFormat, useLocale } from "../locale/locale-provider";
import { AmountField } from "../manage-fields";
import { errorMessage } from "../trpc-errors";
import { useTRPC } from "../trpc-provider";
import { useWorkspaceToday } from "../workspace-today";

interface Statement {
  statement_balance: string;
  as_of: string;
}

/**
 * Reconciling the listed account to a bank statement: the person types the statement's balance and
 * day, sees the account's cleared balance and the difference, ticks rows cleared in the list (each
 * tick changes `clearedVersion`, and the figures are asked again) and, at a difference of zero,
 * finishes: the cleared rows up to that day are locked. `initial` fills the form (an import's closing balance).
 */
export function ReconcilePanel({
  accountId,
  currencyCode,
  clearedVersion,
  initial,
  onClose,
  onFinished,
}: {
  accountId: string;
  currencyCode: string;
  clearedVersion: number;
  initial?: Statement;
  onClose: () => void;
  onFinished: (locked: number) => void;
}) {
  const t = useTranslations("transactions.reconcile");
  const trpc = useTRPC();
  const format = useFormat();
  const { parseAmount } = useLocale();
  const today = useWorkspaceToday();
  const [statement, setStatement] = useState<Statement | null>(initial ?? null);
  const [amountError, setAmountError] = useState<string | undefined>();
  const compare = useMutation(trpc.accounts.reconcile.mutationOptions());
  const finish = useMutation(
    trpc.accounts.reconcile.mutationOptions({ onSuccess: (answer) => onFinished(answer.data.locked_count) }),
  );
  const { mutate } = compare;

  // The figures for the statement typed, asked again whenever a row's cleared mark changed.
  useEffect(() => {
    if (statement) mutate({ id: accountId, ...statement, finish: false });
  }, [statement, clearedVersion, accountId, mutate]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const reading = parseAmount(String(data.get("statement_balance") ?? ""));
    if (!reading.ok) {
      setAmountError(reading.message);
      return;
    }
    setAmountError(undefined);
    setStatement({ statement_balance: reading.value, as_of: String(data.get("as_of") ?? today) });
  };

  const figures = compare.data?.data;
  const balanced = figures !== undefined && /^-?0(\.0+)?$/.test(figures.difference);
  const money = (amount: string) => format.money(amount, currencyCode);
  return (
    <section className="notice notice-info stack reconcile-panel" aria-labelledby="reconcile-heading">
      <h2 id="reconcile-heading">{t("title")}</h2>
      <p className="muted small">{t("explanation")}</p>
      <form className="reconcile-form" onSubmit={submit} aria-label={t("title")}>
        <AmountField
          label={t("statementBalance", { code: currencyCode })}
          name="statement_balance"
          defaultValue={format.amountInput(initial?.statement_balance)}
          error={amountError}
        />
        <TextField label={t("asOf")} name="as_of" type="date" defaultValue={initial?.as_of ?? today} required />
        <div className="reconcile-actions">
          <button type="submit" className="button">
            {t("check")}
          </button>
          <button type="button" className="button button-quiet" onClick={onClose}>
            {t("close")}
          </button>
        </div>
      </form>
      <FormAlert message={compare.error ? errorMessage(compare.error) : undefined} />
      {figures ? (
        <dl className="reconcile-figures" aria-live="polite">
          <div>
            <dt>{t("clearedBalance")}</dt>
            <dd data-testid="reconcile-cleared">{money(figures.cleared_balance)}</dd>
          </div>
          <div>
            <dt>{t("difference")}</dt>
            <dd data-testid="reconcile-difference" className={balanced ? "positive" : "negative"}>
              {money(figures.difference)}
            </dd>
          </div>
          <div>
            <dt>{t("uncleared")}</dt>
            <dd>{t("unclearedValue", { count: figures.uncleared_count, amount: money(figures.uncleared_amount) })}</dd>
          </div>
        </dl>
      ) : null}
      {figures && !balanced ? <p className="small">{t("markCleared")}</p> : null}
      <FormAlert message={finish.error ? errorMessage(finish.error) : undefined} />
      {figures && statement ? (
        <div>
          <button
            type="button"
            className="button button-primary"
            disabled={!balanced || finish.isPending}
            onClick={() => finish.mutate({ id: accountId, ...statement, finish: true })}
          >
            {t("finish", { day: format.day(statement.as_of) })}
          </button>
        </div>
      ) : null}
    </section>
  );
}
