"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useFormat } from "../locale/locale-provider";
import type { Formatter } from "../locale/formatter";
import { plotNumber } from "../reports/plot";
import { useTRPC } from "../trpc-provider";
import { useChartReadout } from "../chart-readout";

type Point = {
  month: string;
  as_of: string;
  amount: string;
  per_currency: Array<{ currency_code: string; amount: string; home_amount: string | null }>;
  per_wallet: unknown[];
};

/** The points from the first month any counted account existed: months before it are not drawn as zeros. */
function chartedPoints<T extends { per_wallet: unknown[] }>(points: readonly T[]): T[] {
  const first = points.findIndex((point) => point.per_wallet.length > 0);
  return first < 0 ? [] : points.slice(first);
}

/** The tooltip: the month's net worth and, with several currencies, each one's part. */
function WorthTooltip({
  active,
  payload,
  format,
  home,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: unknown }>;
  format: Formatter;
  home: string;
}) {
  const point = payload?.[0]?.payload as (Point & { label: string }) | undefined;
  if (!active || !point) return null;
  return (
    <div className="chart-tooltip">
      <p className="chart-tooltip-title">
        {format.month(point.month)} ({format.day(point.as_of)})
      </p>
      <p>
        <strong>{format.money(point.amount, home)}</strong>
      </p>
      {point.per_currency.length > 1 ? (
        <ul>
          {point.per_currency.map((entry) => (
            <li key={entry.currency_code}>
              {format.money(entry.amount, entry.currency_code)}
              {entry.currency_code !== home && entry.home_amount !== null
                ? ` = ${format.money(entry.home_amount, home)}`
                : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Net worth (or one wallet's balance, with `walletId`) at each month's end over the last 12 months,
 * in the home currency at each month's rates; the figures as a table below for screen readers and
 * for anyone who wants the numbers.
 */
export function NetWorthChart({ walletId, title, empty }: { walletId?: string; title: string; empty?: string }) {
  const t = useTranslations("home.chart");
  const trpc = useTRPC();
  const format = useFormat();
  const { portal, readout } = useChartReadout();
  const captionId = useId();
  const history = useQuery(trpc.wallets.netWorthHistory.queryOptions({ months: 12, wallet_id: walletId }));
  const data = history.data?.data;
  if (!data) return null;
  const home = data.currency.code;
  const points = chartedPoints(data.points).map((point) => ({
    ...point,
    label: format.shortMonth(point.month),
    value: plotNumber(point.amount),
  }));
  // One month is a figure, not a line: the card shows it already.
  if (points.length < 2) return empty ? <p className="muted">{empty}</p> : null;
  return (
    <figure className="net-worth-chart" aria-labelledby={captionId} data-testid="net-worth-chart">
      <figcaption id={captionId} className="visually-hidden">
        {title}
      </figcaption>
      <ResponsiveContainer width="100%" height={160}>
        <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
          <YAxis tickFormatter={(value: number) => format.compact(value)} tick={{ fontSize: 11 }} width={56} />
          <Tooltip portal={portal} content={<WorthTooltip format={format} home={home} />} />
          <Area
            dataKey="value"
            name={title}
            stroke="var(--chart-income)"
            fill="var(--chart-income)"
            fillOpacity={0.15}
            strokeWidth={2}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
      {readout}
      <details className="net-worth-table">
        <summary>{t("showTable")}</summary>
        <table className="table">
          <caption className="visually-hidden">{t("caption", { title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("month")}</th>
              <th scope="col">{t("on")}</th>
              <th scope="col" className="numeric">
                {home}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.month} data-month={point.month} data-amount={point.amount}>
                <th scope="row">{format.month(point.month)}</th>
                <td>{format.day(point.as_of)}</td>
                <td className="numeric">{format.money(point.amount, home)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
