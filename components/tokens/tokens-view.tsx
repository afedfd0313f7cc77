"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useTranslations } from "next-intl";
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

/**
 * The signed-in user's personal access tokens: list, create (plaintext once), revoke.
 * `publicOrigin`: the configured PUBLIC_BASE_URL, if any, for the MCP set-up snippets.
 */
export function TokensView({ publicOrigin }: { publicOrigin?: string }) {
  const t = useTranslations("tokens.view");
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
        title={t("title")}
        description={t.rich("description", { code: (chunks) => <code>{chunks}</code> })}
        actions={[{ label: t("create"), onClick: () => setCreating(true) }]}
      />

      <QueryList
        query={list}
        loading={t("loading")}
        empty={t("empty")}
        pager={{
          label: t("pages"),
          page,
          pageSize: PAGE_SIZE,
          onPage: setPage,
          previous: t("newer"),
          next: t("older"),
        }}
      >
        {(credentials) => (
          <DataTable
            className="card-table"
            caption={t("caption")}
            columns={[
              t("columns.name"),
              t("columns.prefix"),
              t("columns.audience"),
              t("columns.scopes"),
              t("columns.status"),
              t("columns.expires"),
              t("columns.lastUsed"),
            ]}
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
      <ConfirmDialog {...revoke.dialog} title={t("revokeTitle")} confirmLabel={t("revokeConfirm")}>
        <p>
          {t.rich("revokeBody", {
            name: revoke.item?.attributes.name ?? "",
            prefix: revoke.item?.attributes.token_prefix ?? "",
            strong: (chunks) => <strong>{chunks}</strong>,
            code: (chunks) => <code>{chunks}</code>,
          })}
        </p>
      </ConfirmDialog>
    </>
  );
}

function TokenRow({ credential, onRevoke }: { credential: Credential; onRevoke: () => void }) {
  const t = useTranslations("tokens.view");
  const format = useFormat();
  const { name, token_prefix, audience, scopes, status, expires_at, last_used_at } = credential.attributes;
  return (
    <tr>
      <td>{name}</td>
      <td data-label={t("columns.prefix")}>
        <code>{token_prefix}…</code>
      </td>
      <td data-label={t("columns.audience")}>{t("audience", { audience })}</td>
      <td data-label={t("columns.scopes")}>
        <ul className="chips">
          {scopes.map((scope) => (
            <li key={scope}>
              <code>{scope}</code>
            </li>
          ))}
        </ul>
      </td>
      <td className="card-figure">
        <span className={`badge badge-${status}`}>{t("status", { status })}</span>
      </td>
      <td data-label={t("columns.expires")}>{format.instantDay(expires_at)}</td>
      <td data-label={t("columns.lastUsed")}>{format.moment(last_used_at)}</td>
      <td className="actions">
        {status === "active" ? <ItemButton action={t("revoke")} item={name} danger onClick={onRevoke} /> : null}
      </td>
    </tr>
  );
}
