"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useTranslations } from "next-intl";
import type { AppRouter } from "@/server/routers";
import { useFormat } from "../locale/locale-provider";
import { ConfirmDialog, useConfirm } from "../modal";
import { DataTable, ItemButton, PageHeading, QueryState } from "../page-parts";
import { refreshQueries } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import { ReceivedInvitations } from "./received-invitations";
import { WorkspaceInvitations } from "./workspace-invitations";

type Member = inferRouterOutputs<AppRouter>["members"]["list"]["data"][number];

/**
 * The workspace's members; its owner invites people by e-mail, withdraws open invitations and
 * removes members. Every user also answers the invitations addressed to them here.
 */
export function MembersView() {
  const t = useTranslations("members.view");
  const format = useFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.auth.currentSession.queryOptions());
  const members = useQuery(trpc.members.list.queryOptions());
  const refresh = () => refreshQueries(queryClient, trpc.members.list.queryKey());
  const remove = useConfirm(
    useMutation(trpc.members.remove.mutationOptions({ onSuccess: refresh })),
    (member: Member) => ({ user_id: member.id }),
  );

  const workspace = current.data?.data.attributes.workspace;
  const isOwner = workspace?.role === "owner";

  return (
    <>
      <PageHeading
        title={t("title")}
        description={
          workspace
            ? t.rich("description", { name: workspace.name, strong: (chunks) => <strong>{chunks}</strong> })
            : t("descriptionPlain")
        }
      />

      <ReceivedInvitations />
      {isOwner ? <WorkspaceInvitations /> : null}

      <QueryState query={members} loading={t("loading")} />
      {members.data ? (
        <DataTable
          className="card-table"
          caption={t("caption")}
          columns={[t("columns.email"), t("columns.name"), t("columns.role"), t("columns.since")]}
          actions={isOwner}
        >
          {members.data.data.map((member) => (
            <tr key={member.id}>
              <td>{member.attributes.email}</td>
              <td data-label={t("columns.name")}>{member.attributes.name ?? <span className="muted">–</span>}</td>
              <td className="card-figure">
                <span className={`badge badge-${member.attributes.role}`}>
                  {t("role", { role: member.attributes.role })}
                </span>
              </td>
              <td data-label={t("columns.since")}>{format.instantDay(member.attributes.created_at)}</td>
              {isOwner ? (
                <td className="actions">
                  {member.attributes.role === "member" ? (
                    <ItemButton
                      action={t("remove")}
                      item={member.attributes.email}
                      danger
                      onClick={() => remove.ask(member)}
                    />
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      ) : null}

      <ConfirmDialog {...remove.dialog} title={t("confirmTitle")} confirmLabel={t("confirmLabel")}>
        <p>
          {t.rich("confirmText", {
            email: remove.item?.attributes.email ?? "",
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      </ConfirmDialog>
    </>
  );
}
