"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { FormAlert } from "../form-fields";
import { useFormat } from "../locale/locale-provider";
import { errorMessage } from "../trpc-errors";
import { useTRPC } from "../trpc-provider";
import type { ImportJob } from "./import-types";

type Closing = ImportJob["attributes"]["closing_balances"][number];

/**
 * A booked statement that states its closing balance: reconciling its account to it in one step (the
 * imported rows arrive cleared). When the account does not reach it (rows entered by hand and not
 * cleared, say), the answer names the difference and the list of the account reconciles by hand.
 */
export function StatementReconcile({ closing }: { closing: Closing }) {
  const t = useTranslations("transactions.reconcile");
  const trpc = useTRPC();
  const format = useFormat();
  const accounts = useQuery(trpc.accounts.options.queryOptions());
  const account = accounts.data?.find((each) => each.id === closing.account_id);
  const reconcile = useMutation(trpc.accounts.reconcile.mutationOptions());
  if (!account) return null;
  const amount = format.money(closing.amount, account.currency_code);
  if (reconcile.data)
    return <p role="status">{t("finished", { count: reconcile.data.data.locked_count, account: account.name })}</p>;
  return (
    <div className="stack">
      <div>
        <button
          type="button"
          className="button"
          disabled={reconcile.isPending}
          onClick={() =>
            reconcile.mutate({
              id: account.id,
              statement_balance: closing.amount,
              as_of: closing.date,
              finish: true,
            })
          }
        >
          {t("fromImport", { account: account.name, amount, day: format.day(closing.date) })}
        </button>
      </div>
      <FormAlert message={reconcile.error ? errorMessage(reconcile.error) : undefined} />
      {reconcile.error ? (
        <p>
          <Link href={`/transactions?account_id=${account.id}`}>{t("byHand", { account: account.name })}</Link>
        </p>
      ) : null}
    </div>
  );
}
