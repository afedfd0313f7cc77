"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { EntityMark } from "../entity-icons";
import { useConfirm } from "../modal";
import { useFormat } from "../locale/locale-provider";
import { balanceClass } from "../money";
import { DataTable, ErrorNotice } from "../page-parts";
import { refreshQueries } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import { AddAccountDialog, OpeningBalanceDialog } from "./account-dialogs";
import { NetWorthChart } from "../home/net-worth-chart";
import { AccountReadings } from "./account-readings";
import { WalletFormDialog } from "./wallet-form-dialog";
import type { Wallet, WalletAccount } from "./wallet-types";
import { ArchiveWalletDialog } from "./wallets-view";

/** One wallet: its accounts with balances and opening balances, its balance history; add a currency, edit, archive. */
export function WalletDetail({ id }: { id: string }) {
  const t = useTranslations("wallets");
  const format = useFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const wallet = useQuery(trpc.wallets.get.queryOptions({ id }));
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [opening, setOpening] = useState<WalletAccount | null>(null);
  const refresh = () => refreshQueries(queryClient, trpc.wallets.pathKey());
  const archive = useConfirm(
    useMutation(trpc.wallets.archive.mutationOptions({ onSuccess: refresh })),
    (archived: Wallet) => ({ id: archived.id }),
  );
  const unarchive = useMutation(trpc.wallets.unarchive.mutationOptions({ onSuccess: () => void refresh() }));

  if (wallet.isPending) return <p className="muted">{t("detail.loading")}</p>;
  if (wallet.isError) {
    return (
      <>
        <p>
          <Link href="/wallets">{t("detail.back")}</Link>
        </p>
        <ErrorNotice error={wallet.error} />
      </>
    );
  }
  const data = wallet.data.data;
  const {
    name,
    type,
    icon,
    accent_color,
    notes,
    accounts,
    total_balance,
    total_balance_currency,
    is_archived,
    version,
  } = data.attributes;

  return (
    <>
      <p className="breadcrumb">
        <Link href="/wallets">{t("detail.back")}</Link>
      </p>
      <div className="page-heading">
        <div>
          <h1 className="name-cell">
            <EntityMark icon={icon} color={accent_color} /> {name}
            {is_archived ? <span className="badge badge-archived">{t("archived")}</span> : null}
          </h1>
          <p className="muted">
            {t("detail.summary", {
              type: t("type", { type }),
              total: format.money(total_balance, total_balance_currency.code),
              version: String(version),
            })}
          </p>
          {notes ? <p>{notes}</p> : null}
        </div>
        <div className="heading-actions">
          <button type="button" className="button" onClick={() => setEditing(true)}>
            {t("actions.edit")}
          </button>
          {is_archived ? (
            <button
              type="button"
              className="button"
              onClick={() => unarchive.mutate({ id })}
              disabled={unarchive.isPending}
            >
              {t("actions.unarchive")}
            </button>
          ) : (
            <>
              <button type="button" className="button button-danger-outline" onClick={() => archive.ask(data)}>
                {t("actions.archive")}
              </button>
              <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
                {t("detail.addAccount")}
              </button>
            </>
          )}
        </div>
      </div>
      <ErrorNotice error={unarchive.error} />

      <DataTable
        className="card-table"
        caption={t("detail.caption", { name })}
        columns={[
          t("detail.columns.currency"),
          { label: t("detail.columns.currentBalance"), className: "money-cell" },
          { label: t("detail.columns.openingBalance"), className: "money-cell" },
          t("detail.columns.openingDate"),
        ]}
        actions
      >
        {accounts.map((account) => (
          <tr key={account.id}>
            <td>
              <strong>{account.currency.code}</strong> <span className="muted small">{account.currency.symbol}</span>
            </td>
            <td className={`${balanceClass(account.current_balance)} card-figure`}>
              {format.money(account.current_balance, account.currency.code)}
            </td>
            <td className="money-cell" data-label={t("detail.columns.openingBalance")}>
              {format.money(account.opening_balance, account.currency.code)}
            </td>
            <td data-label={t("detail.columns.openingDate")}>
              {account.opening_balance_date ? (
                format.day(account.opening_balance_date)
              ) : (
                <span className="badge badge-warning">{t("detail.notSet")}</span>
              )}
            </td>
            <td className="actions">
              <Link className="button button-small" href={`/transactions?account=${account.id}`}>
                {t("detail.transactions")}
              </Link>{" "}
              <button
                type="button"
                className="button button-small"
                onClick={() => setOpening(account)}
                aria-label={t("detail.setOpeningBalanceOf", { code: account.currency.code })}
              >
                {t("detail.openingBalance")}
              </button>
            </td>
          </tr>
        ))}
      </DataTable>
      <AccountReadings accounts={accounts} />
      {is_archived ? null : (
        <section className="card wallet-history" aria-labelledby="wallet-history-heading">
          <h2 id="wallet-history-heading">{t("detail.historyHeading")}</h2>
          <NetWorthChart walletId={id} title={t("detail.historyTitle", { name })} empty={t("detail.historyEmpty")} />
        </section>
      )}

      <WalletFormDialog open={editing} wallet={data} onClose={() => setEditing(false)} onSaved={() => void refresh()} />
      <AddAccountDialog
        walletId={id}
        heldCodes={accounts.map((account) => account.currency.code)}
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={() => void refresh()}
      />
      <OpeningBalanceDialog account={opening} onClose={() => setOpening(null)} onSaved={() => void refresh()} />
      <ArchiveWalletDialog archive={archive} />
    </>
  );
}
