"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
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
  const t = useTranslations("members.received");
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
      <h2 id="received-invitations">{t("heading")}</h2>
      <ErrorNotice error={received.error ?? accept.error ?? decline.error} />
      {joined ? (
        <FormSuccess>
          {t.rich("joined", {
            workspace: joined.workspace_name,
            id: joined.workspace_id,
            strong: (chunks) => <strong>{chunks}</strong>,
            code: (chunks) => <code>{chunks}</code>,
          })}
        </FormSuccess>
      ) : null}
      {invitations.length > 0 ? (
        <DataTable
          className="card-table"
          caption={t("caption")}
          columns={[t("columns.workspace"), t("columns.invitedBy"), t("columns.expires")]}
          actions
        >
          {invitations.map((invitation) => (
            <tr key={invitation.id}>
              <td>{invitation.attributes.workspace.name}</td>
              <td data-label={t("columns.invitedBy")}>
                {invitation.attributes.invited_by.name ?? invitation.attributes.invited_by.email}
              </td>
              <td data-label={t("columns.expires")}>{format.instantDay(invitation.attributes.expires_at)}</td>
              <td className="actions">
                <AnswerButton
                  answer="accept"
                  primary
                  workspace={invitation.attributes.workspace.name}
                  disabled={pending}
                  onClick={() => accept.mutate({ id: invitation.id })}
                />{" "}
                <AnswerButton
                  answer="decline"
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
  answer: "accept" | "decline";
  workspace: string;
  primary?: boolean;
  disabled: boolean;
  onClick: () => void;
}

function AnswerButton({ answer, workspace, primary = false, disabled, onClick }: AnswerButtonProps) {
  const t = useTranslations("members.received");
  return (
    <button
      type="button"
      className={primary ? "button button-small button-primary" : "button button-small"}
      disabled={disabled}
      onClick={onClick}
      aria-label={t(`${answer}Label`, { workspace })}
    >
      {t(answer)}
    </button>
  );
}
