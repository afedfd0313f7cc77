import { fxSql, usableRatesSql } from "../money/fx";
import { Decimal } from "../money/money";
import type { WorkspaceContext } from "../workspace-context";

/**
 * What transfers between currencies cost in the home currency from `from` to `to`: for each sending
 * row (a transfer with amount < 0 and a foreign amount in another currency), the value sent minus
 * the value received, both at the day's rate (or the latest earlier within the lookback). Negative
 * when the rates favoured the transfer. Rows lacking either rate are left out; with `tag`, only the
 * sending rows carrying it.
 */
export async function fxLossesHome(
  { db, workspace }: WorkspaceContext,
  from: string,
  to: string,
  tag: string | null = null,
): Promise<Decimal> {
  const sent = fxSql("$2::uuid");
  const [row] = await db.sql.query<{ loss: string | null }>(
    `SELECT SUM(abs(${sent.homeAmount}) - abs(CASE WHEN t.foreign_currency_id = $2::uuid THEN t.foreign_amount ELSE t.foreign_amount * received.rate END))::text AS loss
       FROM transactions t ${sent.join}
       LEFT JOIN LATERAL (
         SELECT rate FROM fx_rates
          WHERE ${usableRatesSql("t.foreign_currency_id", "$2::uuid", "t.date")}
          ORDER BY rate_date DESC LIMIT 1
       ) received ON t.foreign_currency_id <> $2::uuid
      WHERE t.workspace_id = $1 AND t.type = 'transfer' AND t.amount < 0
        AND t.foreign_amount IS NOT NULL AND t.foreign_currency_id IS NOT NULL AND t.foreign_currency_id <> t.currency_id
        AND t.date BETWEEN $3::date AND $4::date
        AND (t.currency_id = $2::uuid OR fx.rate IS NOT NULL)
        AND (t.foreign_currency_id = $2::uuid OR received.rate IS NOT NULL)
        AND ($5::text IS NULL OR $5::text = ANY(t.tags))`,
    [workspace.id, workspace.homeCurrencyId, from, to, tag],
  );
  return new Decimal(row?.loss ?? 0);
}
