"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { FormAlert, FormSuccess, formValue, TextField } from "../form-fields";
import { useFormat } from "../locale/locale-provider";
import { DataTable, ErrorNotice } from "../page-parts";
import { refreshQueries } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import { formErrorsOf } from "../trpc-errors";

/** The owner's side: invite by e-mail, and the open invitations with a way to withdraw each. */
export function WorkspaceInvitations() {
  const t = useTranslations("members.invitations");
  const format = useFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invitations = useQuery(trpc.members.invitations.queryOptions());
  const refresh = () => refreshQueries(queryClient, trpc.members.invitations.queryKey());
  const withdraw = useMutation(trpc.members.withdrawInvitation.mutationOptions({ onSuccess: refresh }));
  const open = invitations.data?.data ?? [];

  return (
    <>
      <InviteForm onInvited={() => void refresh()} />
      <ErrorNotice error={invitations.error ?? withdraw.error} />
      {open.length > 0 ? (
        <section className="card" aria-labelledby="open-invitations">
          <h2 id="open-invitations">{t("heading")}</h2>
          <DataTable
            className="card-table"
            caption={t("caption")}
            columns={[t("columns.email"), t("columns.status"), t("columns.sent"), t("columns.expires")]}
            actions
          >
            {open.map((invitation) => (
              <tr key={invitation.id}>
                <td>{invitation.attributes.email}</td>
                <td className="card-figure">
                  <span
                    className={`badge ${invitation.attributes.status === "expired" ? "badge-expired" : "badge-warning"}`}
                  >
                    {t("status", { status: invitation.attributes.status })}
                  </span>
                </td>
                <td data-label={t("columns.sent")}>{format.instantDay(invitation.attributes.created_at)}</td>
                <td data-label={t("columns.expires")}>{format.instantDay(invitation.attributes.expires_at)}</td>
                <td className="actions">
                  <button
                    type="button"
                    className="button button-small button-danger-outline"
                    disabled={withdraw.isPending}
                    onClick={() => withdraw.mutate({ id: invitation.id })}
                    aria-label={t("withdrawLabel", { email: invitation.attributes.email })}
                  >
                    {t("withdraw")}
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        </section>
      ) : null}
    </>
  );
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const t = useTranslations("members.invite");
  const trpc = useTRPC();
  const invite = useMutation(trpc.members.invite.mutationOptions({ onSuccess: onInvited }));
  const errors = formErrorsOf(invite.error, ["email"]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    invite.mutate({ email: formValue(new FormData(formElement), "email") }, { onSuccess: () => formElement.reset() });
  };
  return (
    <section className="card" aria-labelledby="invite-member">
      <h2 id="invite-member">{t("heading")}</h2>
      <form onSubmit={submit} className="inline-form">
        <TextField
          label={t("email")}
          name="email"
          type="email"
          required
          autoComplete="off"
          error={errors.fields.email}
          hint={t("hint")}
        />
        <button type="submit" className="button button-primary" disabled={invite.isPending}>
          {invite.isPending ? t("pending") : t("submit")}
        </button>
      </form>
      <FormAlert message={errors.form} />
      {invite.data ? <FormSuccess>{t("sent", { email: invite.data.data.attributes.email })}</FormSuccess> : null}
    </section>
  );
}
