"use client";

/** The home page's cards on where the money is: net worth and each wallet's balance. */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useFormat } from "../locale/locale-provider";
import { balanceClass } from "../money";
import { useTRPC } from "../trpc-provider";
import { HomeCard } from "./home-card";
import { NetWorthChart } from "./net-worth-chart";

/** Net worth in the home currency, with the split per currency and what was left out. */
export function NetWorthCard() {
  const t = useTranslations("home.netWorth");
  const trpc = useTRPC();
  const format = useFormat();
  const worth = useQuery(trpc.wallets.netWorth.queryOptions());
  const w = worth.data;
  return (
    <HomeCard id="net-worth" title={t("title")} className="home-net-worth" query={worth}>
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
          <p className="muted home-caption">{t("caption", { currency: w.currency.code, date: format.day(w.as_of) })}</p>
          {w.per_currency.length > 1 ? (
            <ul className="home-split" aria-label={t("byCurrency")}>
              {w.per_currency.map((entry) => (
                <li key={entry.currency_code} data-currency={entry.currency_code}>
                  <span className={balanceClass(entry.amount)}>{format.money(entry.amount, entry.currency_code)}</span>
                  {entry.currency_code !== w.currency.code ? (
                    <span className="muted">
                      {" "}
                      = {entry.home_amount === null ? t("noRate") : format.money(entry.home_amount, w.currency.code)}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {w.accounts_without_rate > 0 ? (
            <p className="field-hint">
              {t("withoutRate", { count: w.accounts_without_rate, currency: w.currency.code })}
            </p>
          ) : null}
          <NetWorthChart title={t("chart")} />
        </>
      ) : null}
    </HomeCard>
  );
}

/** The wallets card's query (first steps read the same answer). */
export const HOME_WALLETS = { include_archived: "false", page: 1, limit: 100 } as const;

/** Each wallet's balance today, in the home currency. */
export function WalletsCard() {
  const t = useTranslations("home.wallets");
  const trpc = useTRPC();
  const format = useFormat();
  const wallets = useQuery(trpc.wallets.list.queryOptions(HOME_WALLETS));
  const list = wallets.data?.data ?? [];
  return (
    <HomeCard id="home-wallets" title={t("title")} more={{ href: "/wallets", label: t("more") }} query={wallets}>
      {list.length === 0 ? (
        <p className="empty">{t("empty")}</p>
      ) : (
        <ul className="home-list">
          {list.map((wallet) => (
            <li key={wallet.id}>
              <Link href={`/wallets/${wallet.id}`} className="home-list-name">
                {wallet.attributes.name}
              </Link>
              {wallet.attributes.include_net_worth ? null : (
                <span className="badge badge-inactive">{t("notInNetWorth")}</span>
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
