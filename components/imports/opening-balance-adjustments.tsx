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
  const adjustments = attributes.opening_balance_adjusted;
  const choosing = attributes.status === "parsed";
  const [only] = adjustments;
  return (
    <>
      {adjustments.map((adjustment) => (
        <div key={adjustment.account_id} className="notice notice-info">
          <strong>Opening balance adjustment.</strong> Rows dated before {adjustment.account_name}&apos;s opening date
          move it from {format.day(adjustment.old_opening_balance_date)} to{" "}
          {format.day(adjustment.new_opening_balance_date)}; the opening balance{" "}
          {choosing ? (adjust ? "would change" : "would stay as it is, instead of changing") : "changes"} from{" "}
          {format.money(adjustment.old_opening_balance, adjustment.currency_code)} to{" "}
          {format.money(adjustment.new_opening_balance, adjustment.currency_code)} (
          {format.money(adjustment.delta, adjustment.currency_code)}) so that the balance on{" "}
          {format.day(adjustment.balance_as_of_date)} is{" "}
          {format.money(adjustment.target_balance, adjustment.currency_code)}.
        </div>
      ))}
      {/* One choice for all of them: confirm accepts or declines every adjustment together. */}
      {choosing && only ? (
        <label className="checkbox">
          <input type="checkbox" checked={adjust} onChange={(event) => onAdjust(event.target.checked)} />
          {adjustments.length === 1
            ? `Adjust the opening balance to ${format.money(only.new_opening_balance, only.currency_code)} on ${format.day(only.new_opening_balance_date)}`
            : `Adjust the opening balances of these ${adjustments.length} accounts`}
        </label>
      ) : null}
    </>
  );
}
