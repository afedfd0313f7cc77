"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FormSuccess } from "../form-fields";
import { useFormat } from "../locale/locale-provider";
import { DataTable, ErrorNotice } from "../page-parts";
import { refreshQueries } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";

/**
 * Invitations addressed to the signed-in user, to accept or decline. The dashboard opens the
 * workspace its user owns, so a joined workspace is reached by signing in with it selected.
 */
export function ReceivedInvitations() {
  const format = useFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const received = useQuery(trpc.members.receivedInvitations.queryOptions());
  const refresh = () => refreshQueries(queryClient, trpc.members.receivedInvitations.queryKey());
  const accept = useMutation(trpc.members.acceptInvitation.mutationOptions({ onSuccess: refresh }));
  const decline = useMutation(trpc.members.declineInvitation.mutationOptions({ onSuccess: refresh }));
  const invitations = received.data?.data ?? [];
  const joined = accept.data?.data.attributes;
  const pending = accept.isPending || decline.isPending;

  if (invitations.length === 0 && !joined && !received.error) return null;
  return (
    <section className="card" aria-labelledby="received-invitations">
      <h2 id="received-invitations">Invitations for you</h2>
      <ErrorNotice error={received.error ?? accept.error ?? decline.error} />
      {joined ? (
        <FormSuccess>
          You are now a member of <strong>{joined.workspace_name}</strong>. To work in it, sign in with that workspace
          selected (scripts: <code>POST /api/v1/auth/sessions</code> with <code>workspace_id</code>{" "}
          <code>{joined.workspace_id}</code>); the dashboard opens the workspace you own.
        </FormSuccess>
      ) : null}
      {invitations.length > 0 ? (
        <DataTable
          className="card-table"
          caption="Invitations for you"
          columns={["Workspace", "Invited by", "Expires"]}
          actions
        >
          {invitations.map((invitation) => (
            <tr key={invitation.id}>
              <td>{invitation.attributes.workspace.name}</td>
              <td data-label="Invited by">
                {invitation.attributes.invited_by.name ?? invitation.attributes.invited_by.email}
              </td>
              <td data-label="Expires">{format.instantDay(invitation.attributes.expires_at)}</td>
              <td className="actions">
                <AnswerButton
                  label="Accept"
                  primary
                  workspace={invitation.attributes.workspace.name}
                  disabled={pending}
                  onClick={() => accept.mutate({ id: invitation.id })}
                />{" "}
                <AnswerButton
                  label="Decline"
                  workspace={invitation.attributes.workspace.name}
                  disabled={pending}
                  onClick={() => decline.mutate({ id: invitation.id })}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}

interface AnswerButtonProps {
  label: "Accept" | "Decline";
  workspace: string;
  primary?: boolean;
  disabled: boolean;
  onClick: () => void;
}

function AnswerButton({ label, workspace, primary = false, disabled, onClick }: AnswerButtonProps) {
  return (
    <button
      type="button"
      className={primary ? "button button-small button-primary" : "button button-small"}
      disabled={disabled}
      onClick={onClick}
      aria-label={`${label} the invitation to ${workspace}`}
    >
      {label}
    </button>
  );
}
