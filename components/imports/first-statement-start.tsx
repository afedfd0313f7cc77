"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { setOpeningBalanceInput } from "@/server/routers/wallets/schemas";
import { FormAlert, formValue } from "../form-fields";
import { useFormat } from "../locale/locale-provider";
import { AmountField } from "../manage-fields";
import { useSchemaForm } from "../schema-form";
import { useTRPC } from "../trpc-provider";
import type { ImportJob } from "./import-types";

type Adjustment = ImportJob["attributes"]["opening_balance_adjusted"][number];

/**
 * The balance a new account starts the statement with, as the proposal computed it: with the
 * statement's closing balance, the one that reaches it; without one, the one that keeps the balance
 * the person entered when creating the account (their balance that day). Nothing when neither is
 * known: no closing balance and 0 entered (the form's default, which says nothing): the person types
 * the statement's opening balance. (A closing balance dated on the opening day itself reads as none.)
 */
export function suggestedStartingBalance(adjustment: Adjustment): string {
  const fromClosingBalance = adjustment.balance_as_of_date !== adjustment.old_opening_balance_date;
  const entered = Number(adjustment.old_opening_balance) !== 0;
  return fromClosingBalance || entered ? adjustment.new_opening_balance : "";
}

/**
 * An account with no transactions yet whose opening date (the day it was created, by default) is after
 * the statement's first day: rather than an opening balance moved to make up for rows "before the
 * opening", the account starts on that first day with the balance the person confirms here. The
 * preview is then read again (`onStarted`), with no row before the opening.
 */
export function FirstStatementStart({
  adjustment,
  busy,
  onStarted,
}: {
  adjustment: Adjustment;
  busy: boolean;
  onStarted: () => void;
}) {
  const t = useTranslations("imports.firstStatement");
  const trpc = useTRPC();
  const format = useFormat();
  const form = useSchemaForm(["opening_balance"]);
  const start = useMutation(trpc.wallets.setOpeningBalance.mutationOptions({ onSuccess: onStarted }));
  const errors = form.errors(start.error);
  const firstDay = format.day(adjustment.new_opening_balance_date);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = {
      account_id: adjustment.account_id,
      opening_balance: formValue(new FormData(event.currentTarget), "opening_balance"),
      opening_balance_date: adjustment.new_opening_balance_date,
    };
    const accepted = form.accept(setOpeningBalanceInput, input, ["opening_balance"]);
    if (accepted) start.mutate(accepted);
  };

  return (
    <form
      className="notice notice-info stack"
      aria-label={t("label", { account: adjustment.account_name })}
      onSubmit={submit}
    >
      <p>
        {t("explanation", {
          account: adjustment.account_name,
          openingDate: format.day(adjustment.old_opening_balance_date),
          firstDay,
        })}
      </p>
      <AmountField
        label={t("balance", { firstDay, code: adjustment.currency_code })}
        name="opening_balance"
        defaultValue={format.amountInput(suggestedStartingBalance(adjustment) || undefined)}
        hint={t("balanceHint")}
        error={errors.fields.opening_balance}
      />
      <FormAlert message={errors.form ?? undefined} />
      <div>
        <button type="submit" className="button button-primary" disabled={busy || start.isPending}>
          {t("start", { firstDay })}
        </button>
      </div>
    </form>
  );
}
