"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import type { AppRouter } from "@/server/routers";
import { formatDay, formatMoment } from "../format";
import { ConfirmDialog } from "../modal";
import { useTRPC } from "../trpc-provider";
import { errorMessage } from "../trpc-errors";
import { CreateTokenDialog } from "./create-token-dialog";

type Credential = inferRouterOutputs<AppRouter>["credentials"]["list"]["data"][number];

const PAGE_SIZE = 50;
const AUDIENCE_LABELS = { programmatic_api: "Programmatic API", mcp: "MCP" } as const;

/** The signed-in user's personal access tokens: list, create (plaintext once), revoke. */
export function TokensView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<Credential | null>(null);
  const list = useQuery(trpc.credentials.list.queryOptions({ page, limit: PAGE_SIZE }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.credentials.list.queryKey() });
  const revoke = useMutation(
    trpc.credentials.revoke.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setRevoking(null);
      },
    }),
  );

  const total = list.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <>
      <div className="page-heading">
        <div>
          <h1>Access tokens</h1>
          <p className="muted">
            Personal access tokens let your scripts call <code>/api/v1/programmatic</code> with the scopes you choose. A
            token is bound to you and to this workspace.
          </p>
        </div>
        <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
          Create token
        </button>
      </div>

      {list.isPending ? <p className="muted">Loading tokens…</p> : null}
      {list.isError ? (
        <p role="alert" className="notice notice-error">
          {errorMessage(list.error)}
        </p>
      ) : null}
      {list.data && list.data.data.length === 0 ? (
        <p className="empty">No tokens yet. Create one to call the API from a script.</p>
      ) : null}
      {list.data && list.data.data.length > 0 ? (
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">Your access tokens, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Prefix</th>
                <th scope="col">Audience</th>
                <th scope="col">Scopes</th>
                <th scope="col">Status</th>
                <th scope="col">Expires</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((credential) => (
                <TokenRow key={credential.id} credential={credential} onRevoke={() => setRevoking(credential)} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pages > 1 ? (
        <nav className="pager" aria-label="Token pages">
          <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <span className="muted">
            Page {page} of {pages}
          </span>
          <button type="button" className="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </nav>
      ) : null}

      <CreateTokenDialog open={creating} onClose={() => setCreating(false)} onCreated={() => void refresh()} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke token?"
        confirmLabel="Revoke token"
        pending={revoke.isPending}
        error={revoke.error ? errorMessage(revoke.error) : null}
        onCancel={() => {
          setRevoking(null);
          revoke.reset();
        }}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
      >
        <p>
          <strong>{revoking?.attributes.name}</strong> (<code>{revoking?.attributes.token_prefix}…</code>) stops working at
          once: the next request made with it is refused. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}

function TokenRow({ credential, onRevoke }: { credential: Credential; onRevoke: () => void }) {
  const { name, token_prefix, audience, scopes, status, expires_at, last_used_at } = credential.attributes;
  return (
    <tr>
      <td>{name}</td>
      <td>
        <code>{token_prefix}…</code>
      </td>
      <td>{AUDIENCE_LABELS[audience]}</td>
      <td>
        <ul className="chips">
          {scopes.map((scope) => (
            <li key={scope}>
              <code>{scope}</code>
            </li>
          ))}
        </ul>
      </td>
      <td>
        <span className={`badge badge-${status}`}>{status}</span>
      </td>
      <td>{formatDay(expires_at)}</td>
      <td>{formatMoment(last_used_at)}</td>
      <td className="actions">
        {status === "active" ? (
          <button type="button" className="button button-small button-danger-outline" onClick={onRevoke} aria-label={`Revoke ${name}`}>
            Revoke
          </button>
        ) : null}
      </td>
    </tr>
  );
}
