"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { GroupDialog } from "../categories/group-dialog";
import { EntityMark } from "../entity-icons";
import { ConfirmDialog, useConfirm, type Confirmation } from "../modal";
import { useFormat } from "../locale/locale-provider";
import { balanceClass } from "../money";
import { DataTable, ErrorNotice, ItemButton, PageHeading, QueryList, ToolbarCheckbox } from "../page-parts";
import { refreshQueries } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import { WalletFormDialog } from "./wallet-form-dialog";
import type { Wallet } from "./wallet-types";

const PAGE_SIZE = 100;

/** The workspace's wallets with their balances today: create, edit, archive and bring back. */
export function WalletsView() {
  const t = useTranslations("wallets.list");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [showArchived, setShowArchived] = useState(false);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [creatingGroup, setCreatingGroup] = useState(false);
  const [editing, setEditing] = useState<Wallet | null>(null);
  const list = useQuery(
    trpc.wallets.list.queryOptions({
      include_archived: showArchived ? "true" : "false",
      page,
      limit: PAGE_SIZE,
    }),
  );
  const groups = useQuery(trpc.wallets.groups.queryOptions());
  const refresh = () => refreshQueries(queryClient, trpc.wallets.pathKey());
  const archive = useConfirm(
    useMutation(trpc.wallets.archive.mutationOptions({ onSuccess: refresh })),
    (wallet: Wallet) => ({ id: wallet.id }),
  );
  const unarchive = useMutation(trpc.wallets.unarchive.mutationOptions({ onSuccess: () => void refresh() }));
  const groupName = (id: string | null) => groups.data?.find((group) => group.id === id)?.name;

  return (
    <>
      <PageHeading
        title={t("title")}
        description={t("description")}
        actions={[
          { label: t("newGroup"), onClick: () => setCreatingGroup(true) },
          { label: t("newWallet"), onClick: () => setCreating(true) },
        ]}
      />
      <ToolbarCheckbox
        label={t("showArchived")}
        checked={showArchived}
        onChange={(checked) => {
          setShowArchived(checked);
          setPage(1);
        }}
      />

      <ErrorNotice error={unarchive.error} />
      <QueryList
        query={list}
        loading={t("loading")}
        empty={t("empty")}
        pager={{ label: t("pages"), page, pageSize: PAGE_SIZE, onPage: setPage }}
      >
        {(wallets) => (
          <DataTable
            className="card-table"
            caption={t("caption")}
            columns={[
              t("columns.wallet"),
              t("columns.type"),
              t("columns.accounts"),
              {
                label: t("columns.total"),
                className: "money-cell",
                title: t("columns.totalTitle"),
              },
            ]}
            actions
          >
            {wallets.map((wallet) => (
              <WalletRow
                key={wallet.id}
                wallet={wallet}
                groupName={groupName(wallet.attributes.group_id)}
                onEdit={() => setEditing(wallet)}
                onArchive={() => archive.ask(wallet)}
                onUnarchive={() => unarchive.mutate({ id: wallet.id })}
              />
            ))}
          </DataTable>
        )}
      </QueryList>

      <WalletFormDialog open={creating} onClose={() => setCreating(false)} onSaved={() => void refresh()} />
      <WalletFormDialog
        open={editing !== null}
        wallet={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSaved={() => void refresh()}
      />
      <GroupDialog
        kind="wallet"
        open={creatingGroup}
        onClose={() => setCreatingGroup(false)}
        onCreated={() => void refresh()}
      />
      <ArchiveWalletDialog archive={archive} />
    </>
  );
}

export function ArchiveWalletDialog({ archive }: { archive: Confirmation<Wallet> }) {
  const t = useTranslations("wallets.archiveDialog");
  return (
    <ConfirmDialog {...archive.dialog} title={t("title")} confirmLabel={t("confirm")}>
      <p>
        {t.rich("body", {
          name: archive.item?.attributes.name ?? "",
          strong: (chunks) => <strong>{chunks}</strong>,
        })}
      </p>
    </ConfirmDialog>
  );
}

function WalletRow({
  wallet,
  groupName,
  onEdit,
  onArchive,
  onUnarchive,
}: {
  wallet: Wallet;
  groupName?: string;
  onEdit: () => void;
  onArchive: () => void;
  onUnarchive: () => void;
}) {
  const t = useTranslations("wallets");
  const format = useFormat();
  const { name, type, accent_color, accounts, total_balance, total_balance_currency, is_archived } = wallet.attributes;
  return (
    <tr className={is_archived ? "row-archived" : undefined}>
      <td>
        <div className="name-cell">
          <EntityMark icon={wallet.attributes.icon} color={accent_color} />
          <Link href={`/wallets/${wallet.id}`}>{name}</Link>
          {is_archived ? <span className="badge badge-archived">{t("archived")}</span> : null}
        </div>
        {groupName ? <div className="muted small">{groupName}</div> : null}
      </td>
      <td data-label={t("list.columns.type")}>{t("type", { type })}</td>
      <td data-label={t("list.columns.accounts")}>
        <ul className="balance-list">
          {accounts.map((account) => (
            <li key={account.id}>
              <span className={balanceClass(account.current_balance)}>
                {format.money(account.current_balance, account.currency.code)}
              </span>
            </li>
          ))}
        </ul>
      </td>
      <td className="money-cell card-figure">{format.money(total_balance, total_balance_currency.code)}</td>
      <td className="actions">
        <ItemButton action={t("actions.edit")} item={name} onClick={onEdit} />{" "}
        {is_archived ? (
          <ItemButton action={t("actions.unarchive")} item={name} onClick={onUnarchive} />
        ) : (
          <ItemButton action={t("actions.archive")} item={name} danger onClick={onArchive} />
        )}
      </td>
    </tr>
  );
}
