"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { GroupDialog } from "../categories/group-dialog";
import { ColorDot } from "../manage-fields";
import { ConfirmDialog } from "../modal";
import { balanceClass, formatMoney } from "../money";
import { useTRPC } from "../trpc-provider";
import { errorMessage } from "../trpc-errors";
import { WalletFormDialog } from "./wallet-form-dialog";
import { walletTypeLabel, type Wallet } from "./wallet-types";

const PAGE_SIZE = 100;

/** The workspace's wallets with their balances today: create, edit, archive and bring back. */
export function WalletsView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [showArchived, setShowArchived] = useState(false);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [creatingGroup, setCreatingGroup] = useState(false);
  const [editing, setEditing] = useState<Wallet | null>(null);
  const [archiving, setArchiving] = useState<Wallet | null>(null);
  const list = useQuery(trpc.manage.wallets.list.queryOptions({ include_archived: showArchived, page, limit: PAGE_SIZE }));
  const groups = useQuery(trpc.manage.wallets.groups.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.manage.wallets.pathKey() });
  const toggle = useMutation(
    trpc.manage.wallets.archive.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setArchiving(null);
      },
    }),
  );
  const unarchive = useMutation(trpc.manage.wallets.unarchive.mutationOptions({ onSuccess: () => void refresh() }));
  const groupName = (id: string | null) => groups.data?.find((group) => group.id === id)?.name;
  const total = list.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <>
      <div className="page-heading">
        <div>
          <h1>Wallets</h1>
          <p className="muted">A wallet is a bank relationship, card or cash box holding one account per currency. Balances are as of today.</p>
        </div>
        <div className="heading-actions">
          <button type="button" className="button" onClick={() => setCreatingGroup(true)}>
            New group
          </button>
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            New wallet
          </button>
        </div>
      </div>
      <div className="toolbar">
        <label className="checkbox">
          <input type="checkbox" checked={showArchived} onChange={(event) => { setShowArchived(event.target.checked); setPage(1); }} />
          Show archived wallets
        </label>
      </div>

      {list.isPending ? <p className="muted">Loading wallets…</p> : null}
      {list.isError ? <p role="alert" className="notice notice-error">{errorMessage(list.error)}</p> : null}
      {unarchive.isError ? <p role="alert" className="notice notice-error">{errorMessage(unarchive.error)}</p> : null}
      {list.data && list.data.data.length === 0 ? <p className="empty">No wallets yet. Create one with its accounts and opening balances.</p> : null}
      {list.data && list.data.data.length > 0 ? (
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">Your wallets and their balances today</caption>
            <thead>
              <tr>
                <th scope="col">Wallet</th>
                <th scope="col">Type</th>
                <th scope="col">Accounts</th>
                <th scope="col" className="money-cell" title="In the home currency at today's rate; accounts without a rate are left out">Total</th>
                <th scope="col"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((wallet) => (
                <WalletRow
                  key={wallet.id}
                  wallet={wallet}
                  groupName={groupName(wallet.attributes.group_id)}
                  onEdit={() => setEditing(wallet)}
                  onArchive={() => setArchiving(wallet)}
                  onUnarchive={() => unarchive.mutate({ id: wallet.id })}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pages > 1 ? (
        <nav className="pager" aria-label="Wallet pages">
          <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</button>
          <span className="muted">Page {page} of {pages}</span>
          <button type="button" className="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>Next</button>
        </nav>
      ) : null}

      <WalletFormDialog open={creating} onClose={() => setCreating(false)} onSaved={() => void refresh()} />
      <WalletFormDialog open={editing !== null} wallet={editing ?? undefined} onClose={() => setEditing(null)} onSaved={() => void refresh()} />
      <GroupDialog kind="wallet" open={creatingGroup} onClose={() => setCreatingGroup(false)} onCreated={() => void refresh()} />
      <ArchiveWalletDialog wallet={archiving} pending={toggle.isPending} error={toggle.error} onCancel={() => { setArchiving(null); toggle.reset(); }} onConfirm={(id) => toggle.mutate({ id })} />
    </>
  );
}

export function ArchiveWalletDialog({ wallet, pending, error, onCancel, onConfirm }: { wallet: Wallet | null; pending: boolean; error: unknown; onCancel: () => void; onConfirm: (id: string) => void }) {
  return (
    <ConfirmDialog
      open={wallet !== null}
      title="Archive wallet?"
      confirmLabel="Archive wallet"
      pending={pending}
      error={error ? errorMessage(error) : null}
      onCancel={onCancel}
      onConfirm={() => wallet && onConfirm(wallet.id)}
    >
      <p>
        <strong>{wallet?.attributes.name}</strong> and its accounts leave the account lists and take no new transactions. Its history and
        balances stay, and you can bring it back at any time.
      </p>
    </ConfirmDialog>
  );
}

function WalletRow({ wallet, groupName, onEdit, onArchive, onUnarchive }: { wallet: Wallet; groupName?: string; onEdit: () => void; onArchive: () => void; onUnarchive: () => void }) {
  const { name, type, accent_color, accounts, total_balance, total_balance_currency, is_archived } = wallet.attributes;
  return (
    <tr className={is_archived ? "row-archived" : undefined}>
      <td>
        <div className="name-cell">
          <ColorDot color={accent_color} />
          <Link href={`/wallets/${wallet.id}`}>{name}</Link>
          {is_archived ? <span className="badge badge-archived">archived</span> : null}
        </div>
        {groupName ? <div className="muted small">{groupName}</div> : null}
      </td>
      <td>{walletTypeLabel(type)}</td>
      <td>
        <ul className="balance-list">
          {accounts.map((account) => (
            <li key={account.id}>
              <span className={balanceClass(account.current_balance)}>{formatMoney(account.current_balance, account.currency.code)}</span>
            </li>
          ))}
        </ul>
      </td>
      <td className="money-cell">{formatMoney(total_balance, total_balance_currency.code)}</td>
      <td className="actions">
        <button type="button" className="button button-small" onClick={onEdit} aria-label={`Edit ${name}`}>Edit</button>{" "}
        {is_archived ? (
          <button type="button" className="button button-small" onClick={onUnarchive} aria-label={`Unarchive ${name}`}>Unarchive</button>
        ) : (
          <button type="button" className="button button-small button-danger-outline" onClick={onArchive} aria-label={`Archive ${name}`}>Archive</button>
        )}
      </td>
    </tr>
  );
}
