"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import type { AppRouter } from "@/server/routers";
import { useFormat } from "../locale/locale-provider";
import { ConfirmDialog, useConfirm } from "../modal";
import { DataTable, ItemButton, PageHeading, QueryList } from "../page-parts";
import { refreshQueries } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import { CreateTokenDialog } from "./create-token-dialog";

type Credential = inferRouterOutputs<AppRouter>["credentials"]["list"]["data"][number];

const PAGE_SIZE = 50;
const AUDIENCE_LABELS = { programmatic_api: "Programmatic API", mcp: "MCP" } as const;

/**
 * The signed-in user's personal access tokens: list, create (plaintext once), revoke.
 * `publicOrigin`: the configured PUBLIC_BASE_URL, if any, for the MCP set-up snippets.
 */
export function TokensView({ publicOrigin }: { publicOrigin?: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const list = useQuery(trpc.credentials.list.queryOptions({ page, limit: PAGE_SIZE }));
  const refresh = () => refreshQueries(queryClient, trpc.credentials.list.queryKey());
  const revoke = useConfirm(
    useMutation(trpc.credentials.revoke.mutationOptions({ onSuccess: refresh })),
    (credential: Credential) => ({ id: credential.id }),
  );

  return (
    <>
      <PageHeading
        title="Access tokens"
        description={
          <>
            Personal access tokens let your scripts call <code>/api/v1/programmatic</code>, or an AI assistant use the
            MCP server at <code>/api/v1/mcp</code>, with the scopes you choose. A token is bound to you and to this
            workspace.
          </>
        }
        actions={[{ label: "Create token", onClick: () => setCreating(true) }]}
      />

      <QueryList
        query={list}
        loading="Loading tokens…"
        empty="No tokens yet. Create one to call the API from a script."
        pager={{ label: "Token pages", page, pageSize: PAGE_SIZE, onPage: setPage, previous: "Newer", next: "Older" }}
      >
        {(credentials) => (
          <DataTable
            className="card-table"
            caption="Your access tokens, newest first"
            columns={["Name", "Prefix", "Audience", "Scopes", "Status", "Expires", "Last used"]}
            actions
          >
            {credentials.map((credential) => (
              <TokenRow key={credential.id} credential={credential} onRevoke={() => revoke.ask(credential)} />
            ))}
          </DataTable>
        )}
      </QueryList>

      <CreateTokenDialog
        open={creating}
        publicOrigin={publicOrigin}
        onClose={() => setCreating(false)}
        onCreated={() => void refresh()}
      />
      <ConfirmDialog {...revoke.dialog} title="Revoke token?" confirmLabel="Revoke token">
        <p>
          <strong>{revoke.item?.attributes.name}</strong> (<code>{revoke.item?.attributes.token_prefix}…</code>) stops
          working at once: the next request made with it is refused. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}

function TokenRow({ credential, onRevoke }: { credential: Credential; onRevoke: () => void }) {
  const format = useFormat();
  const { name, token_prefix, audience, scopes, status, expires_at, last_used_at } = credential.attributes;
  return (
    <tr>
      <td>{name}</td>
      <td data-label="Prefix">
        <code>{token_prefix}…</code>
      </td>
      <td data-label="Audience">{AUDIENCE_LABELS[audience]}</td>
      <td data-label="Scopes">
        <ul className="chips">
          {scopes.map((scope) => (
            <li key={scope}>
              <code>{scope}</code>
            </li>
          ))}
        </ul>
      </td>
      <td className="card-figure">
        <span className={`badge badge-${status}`}>{status}</span>
      </td>
      <td data-label="Expires">{format.instantDay(expires_at)}</td>
      <td data-label="Last used">{format.moment(last_used_at)}</td>
      <td className="actions">
        {status === "active" ? <ItemButton action="Revoke" item={name} danger onClick={onRevoke} /> : null}
      </td>
    </tr>
  );
}
