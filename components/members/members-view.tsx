"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
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
        title="Members"
        description={
          workspace ? (
            <>
              People with access to the workspace <strong>{workspace.name}</strong>.
            </>
          ) : (
            "People with access to this workspace."
          )
        }
      />

      <ReceivedInvitations />
      {isOwner ? <WorkspaceInvitations /> : null}

      <QueryState query={members} loading="Loading members…" />
      {members.data ? (
        <DataTable
          className="card-table"
          caption="Members of the workspace"
          columns={["E-mail", "Name", "Role", "Member since"]}
          actions={isOwner}
        >
          {members.data.data.map((member) => (
            <tr key={member.id}>
              <td>{member.attributes.email}</td>
              <td data-label="Name">{member.attributes.name ?? <span className="muted">–</span>}</td>
              <td className="card-figure">
                <span className={`badge badge-${member.attributes.role}`}>{member.attributes.role}</span>
              </td>
              <td data-label="Member since">{format.instantDay(member.attributes.created_at)}</td>
              {isOwner ? (
                <td className="actions">
                  {member.attributes.role === "member" ? (
                    <ItemButton
                      action="Remove"
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

      <ConfirmDialog {...remove.dialog} title="Remove member?" confirmLabel="Remove member">
        <p>
          <strong>{remove.item?.attributes.email}</strong> loses access to this workspace at once: their sessions and
          access tokens for it are revoked, and stay revoked if they are invited again.
        </p>
      </ConfirmDialog>
    </>
  );
}
