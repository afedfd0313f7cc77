"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { FormEvent } from "react";
import type { AppRouter } from "@/server/routers";
import { FormAlert, FormSuccess, formValue, TextField } from "../form-fields";
import { formatDay } from "../format";
import { ConfirmDialog, useConfirm } from "../modal";
import { DataTable, ErrorNotice, PageHeading } from "../page-parts";
import { useTRPC } from "../trpc-provider";
import { formErrorsOf } from "../trpc-errors";

type Member = inferRouterOutputs<AppRouter>["members"]["list"]["data"][number];

/** The workspace's members; its owner adds existing users by e-mail and removes members. */
export function MembersView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.auth.currentSession.queryOptions());
  const members = useQuery(trpc.members.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey() });
  const remove = useConfirm(useMutation(trpc.members.remove.mutationOptions({ onSuccess: refresh })), (member: Member) => ({ user_id: member.id }));

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

      {isOwner ? <AddMemberForm onAdded={() => void refresh()} /> : null}

      {members.isPending ? <p className="muted">Loading members…</p> : null}
      <ErrorNotice error={members.error} />
      {members.data ? (
        <DataTable caption="Members of the workspace" columns={["E-mail", "Name", "Role", "Member since"]} actions={isOwner}>
          {members.data.data.map((member) => (
            <tr key={member.id}>
              <td>{member.attributes.email}</td>
              <td>{member.attributes.name ?? <span className="muted">–</span>}</td>
              <td>
                <span className={`badge badge-${member.attributes.role}`}>{member.attributes.role}</span>
              </td>
              <td>{formatDay(member.attributes.created_at)}</td>
              {isOwner ? (
                <td className="actions">
                  {member.attributes.role === "member" ? (
                    <button
                      type="button"
                      className="button button-small button-danger-outline"
                      onClick={() => remove.ask(member)}
                      aria-label={`Remove ${member.attributes.email}`}
                    >
                      Remove
                    </button>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      ) : null}

      <ConfirmDialog {...remove.dialog} title="Remove member?" confirmLabel="Remove member">
        <p>
          <strong>{remove.item?.attributes.email}</strong> loses access to this workspace at once: their sessions and access
          tokens for it stop working.
        </p>
      </ConfirmDialog>
    </>
  );
}

function AddMemberForm({ onAdded }: { onAdded: () => void }) {
  const trpc = useTRPC();
  const add = useMutation(trpc.members.add.mutationOptions({ onSuccess: onAdded }));
  const errors = formErrorsOf(add.error, ["email"]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    add.mutate({ email: formValue(new FormData(formElement), "email") }, { onSuccess: () => formElement.reset() });
  };
  return (
    <section className="card" aria-labelledby="add-member">
      <h2 id="add-member">Add member by e-mail</h2>
      <form onSubmit={submit} className="inline-form">
        <TextField
          label="E-mail address of the member"
          name="email"
          type="email"
          required
          autoComplete="off"
          error={errors.fields.email}
          hint="They need an account of their own first."
        />
        <button type="submit" className="button button-primary" disabled={add.isPending}>
          {add.isPending ? "Adding…" : "Add member"}
        </button>
      </form>
      <FormAlert message={errors.form} />
      {add.data ? <FormSuccess>{add.data.data.attributes.email} was added.</FormSuccess> : null}
    </section>
  );
}
