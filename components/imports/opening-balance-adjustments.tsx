import { useTranslations } from "next-intl";
import { Fragment } from "react";
import { useFormat } from "../locale/locale-provider";
import { FirstStatementStart } from "./first-statement-start";
import type { ImportJob } from "./import-types";

/**
 * The opening balances the import moves, and before it is confirmed the choice to keep them as they
 * are; an account with no transactions yet may instead start on the statement's first day.
 */
export function OpeningBalanceAdjustments({
  attributes,
  adjust,
  onAdjust,
  newAccounts,
  rereading,
  onAccountStarted,
}: {
  attributes: ImportJob["attributes"];
  adjust: boolean;
  onAdjust: (adjust: boolean) => void;
  /** The accounts that hold no transactions yet. */
  newAccounts: ReadonlySet<string>;
  rereading: boolean;
  onAccountStarted: () => void;
}) {
  const t = useTranslations("imports.opening");
  const format = useFormat();
  const adjustments = attributes.opening_balance_adjusted;
  const choosing = attributes.status === "parsed";
  const [only] = adjustments;
  return (
    <>
      {adjustments.map((adjustment) => (
        <Fragment key={adjustment.account_id}>
          <div className="notice notice-info">
            {t.rich("adjustment", {
              strong: (chunks) => <strong>{chunks}</strong>,
              account: adjustment.account_name,
              oldDate: format.day(adjustment.old_opening_balance_date),
              newDate: format.day(adjustment.new_opening_balance_date),
              change: choosing ? (adjust ? "would" : "keep") : "done",
              oldBalance: format.money(adjustment.old_opening_balance, adjustment.currency_code),
              newBalance: format.money(adjustment.new_opening_balance, adjustment.currency_code),
              delta: format.money(adjustment.delta, adjustment.currency_code),
              asOf: format.day(adjustment.balance_as_of_date),
              target: format.money(adjustment.target_balance, adjustment.currency_code),
            })}
          </div>
          {choosing && newAccounts.has(adjustment.account_id) ? (
            <FirstStatementStart adjustment={adjustment} busy={rereading} onStarted={onAccountStarted} />
          ) : null}
        </Fragment>
      ))}
      {/* One choice for all of them: confirm accepts or declines every adjustment together. */}
      {choosing && only ? (
        <label className="checkbox">
          <input type="checkbox" checked={adjust} onChange={(event) => onAdjust(event.target.checked)} />
          {adjustments.length === 1
            ? t("adjustOne", {
                amount: format.money(only.new_opening_balance, only.currency_code),
                date: format.day(only.new_opening_balance_date),
              })
            : t("adjustMany", { count: String(adjustments.length) })}
        </label>
      ) : null}
    </>
  );
}
