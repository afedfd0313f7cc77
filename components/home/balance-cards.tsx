"use client";

/** The home page's cards on where the money is: net worth and each wallet's balance. */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useFormat } from "../locale/locale-provider";
import { balanceClass } from "../money";
import { useTRPC } from "../trpc-provider";
import { HomeCard } from "./home-card";
import { NetWorthChart } from "./net-worth-chart";

/** Net worth in the home currency, with the split per currency and what was left out. */
export function NetWorthCard() {
  const trpc = useTRPC();
  const format = useFormat();
  const worth = useQuery(trpc.wallets.netWorth.queryOptions());
  const w = worth.data;
  return (
    <HomeCard id="net-worth" title="Net worth" className="home-net-worth" query={worth}>
      {w ? (
        <>
          <p className="home-figure">
            <strong
              className={balanceClass(w.amount)}
              data-testid="net-worth-amount"
              data-amount={w.amount}
              data-currency={w.currency.code}
            >
              {format.money(w.amount, w.currency.code)}
            </strong>
          </p>
          <p className="muted home-caption">
            Wallets included in net worth, in {w.currency.code} at today&apos;s exchange rates ({format.day(w.as_of)}).
          </p>
          {w.per_currency.length > 1 ? (
            <ul className="home-split" aria-label="By currency">
              {w.per_currency.map((entry) => (
                <li key={entry.currency_code} data-currency={entry.currency_code}>
                  <span className={balanceClass(entry.amount)}>{format.money(entry.amount, entry.currency_code)}</span>
                  {entry.currency_code !== w.currency.code ? (
                    <span className="muted">
                      {" "}
                      = {entry.home_amount === null ? "no rate" : format.money(entry.home_amount, w.currency.code)}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {w.accounts_without_rate > 0 ? (
            <p className="field-hint">
              {w.accounts_without_rate === 1 ? "1 account has" : `${w.accounts_without_rate} accounts have`} no exchange
              rate to {w.currency.code} in the last 7 days and {w.accounts_without_rate === 1 ? "is" : "are"} left out.
            </p>
          ) : null}
          <NetWorthChart title="Net worth at each month's end" />
        </>
      ) : null}
    </HomeCard>
  );
}

/** The wallets card's query (first steps read the same answer). */
export const HOME_WALLETS = { include_archived: "false", page: 1, limit: 100 } as const;

/** Each wallet's balance today, in the home currency. */
export function WalletsCard() {
  const trpc = useTRPC();
  const format = useFormat();
  const wallets = useQuery(trpc.wallets.list.queryOptions(HOME_WALLETS));
  const list = wallets.data?.data ?? [];
  return (
    <HomeCard id="home-wallets" title="Wallets" more={{ href: "/wallets", label: "All wallets" }} query={wallets}>
      {list.length === 0 ? (
        <p className="empty">No wallets yet.</p>
      ) : (
        <ul className="home-list">
          {list.map((wallet) => (
            <li key={wallet.id}>
              <Link href={`/wallets/${wallet.id}`} className="home-list-name">
                {wallet.attributes.name}
              </Link>
              {wallet.attributes.include_net_worth ? null : (
                <span className="badge badge-inactive">not in net worth</span>
              )}
              <span className={balanceClass(wallet.attributes.total_balance)}>
                {format.money(wallet.attributes.total_balance, wallet.attributes.total_balance_currency.code)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </HomeCard>
  );
}
