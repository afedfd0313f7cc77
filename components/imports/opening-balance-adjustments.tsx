import { useFormat } from "../locale/locale-provider";
import type { ImportJob } from "./import-types";

/** The opening balances the import moves, and before it is confirmed the choice to keep them as they are. */
export function OpeningBalanceAdjustments({
  attributes,
  adjust,
  onAdjust,
}: {
  attributes: ImportJob["attributes"];
  adjust: boolean;
  onAdjust: (adjust: boolean) => void;
}) {
  const format = useFormat();
  return (
    <>
      {attributes.opening_balance_adjusted.map((adjustment) => (
        <div key={adjustment.account_id} className="notice notice-info">
          <strong>Opening balance adjustment.</strong> Rows dated before {adjustment.account_name}&apos;s opening date
          move it from {format.day(adjustment.old_opening_balance_date)} to{" "}
          {format.day(adjustment.new_opening_balance_date)}; the opening balance{" "}
          {attributes.status === "parsed"
            ? adjust
              ? "would change"
              : "would stay as it is, instead of changing"
            : "changes"}{" "}
          from {format.money(adjustment.old_opening_balance, adjustment.currency_code)} to{" "}
          {format.money(adjustment.new_opening_balance, adjustment.currency_code)} (
          {format.money(adjustment.delta, adjustment.currency_code)}) so that the balance on{" "}
          {format.day(adjustment.balance_as_of_date)} is{" "}
          {format.money(adjustment.target_balance, adjustment.currency_code)}.
          {attributes.status === "parsed" ? (
            <label className="checkbox">
              <input type="checkbox" checked={adjust} onChange={(event) => onAdjust(event.target.checked)} />
              Adjust the opening balance to {format.money(
                adjustment.new_opening_balance,
                adjustment.currency_code,
              )} on {format.day(adjustment.new_opening_balance_date)}
            </label>
          ) : null}
        </div>
      ))}
    </>
  );
}
