"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FormEvent, ReactNode } from "react";
import { FormAlert, FormSuccess, formValue, useHydrated } from "../form-fields";
import { plural } from "../format";
import { PageHeading } from "../page-parts";
import { refreshQueries } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import { formErrorsOf } from "../trpc-errors";
import { CurrentPasswordField, EmailField, NewPasswordField } from "../auth/account-fields";

type RevokedCounts = { revoked_credentials: number; revoked_sessions: number };

function RevokedSummary({ counts }: { counts: RevokedCounts }) {
  return (
    <FormSuccess>
      Done. {plural(counts.revoked_credentials, "access token", "access tokens")} and{" "}
      {plural(counts.revoked_sessions, "other session", "other sessions")} were revoked. This browser stays signed in.
    </FormSuccess>
  );
}

/** One change to the account in its card: the refusal above the fields, what it revoked once it worked; the fields empty again after. */
function AccountChangeCard({
  id,
  title,
  intro,
  submitLabel,
  pending,
  formError,
  revoked,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  submitLabel: string;
  pending: boolean;
  formError: string | null;
  revoked: RevokedCounts | undefined;
  onSubmit: (form: FormData, clear: () => void) => void;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    onSubmit(new FormData(formElement), () => formElement.reset());
  };
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="muted">{intro}</p>
      <form onSubmit={submit} method="post" className="stack">
        <FormAlert message={formError} />
        {revoked ? <RevokedSummary counts={revoked} /> : null}
        {children}
        <div>
          <button type="submit" className="button button-primary" disabled={pending || !hydrated}>
            {pending ? "Changing…" : submitLabel}
          </button>
        </div>
      </form>
    </section>
  );
}

function ChangePasswordForm() {
  const trpc = useTRPC();
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const errors = formErrorsOf(change.error, ["current_password", "new_password"]);
  return (
    <AccountChangeCard
      id="change-password"
      title="Change password"
      intro="Every access token and every other session of your account is revoked at once."
      submitLabel="Change password"
      pending={change.isPending}
      formError={errors.form}
      revoked={change.data?.data.attributes}
      onSubmit={(form, clear) =>
        change.mutate(
          { current_password: formValue(form, "current_password"), new_password: formValue(form, "new_password") },
          { onSuccess: clear },
        )
      }
    >
      <CurrentPasswordField label="Current password" name="current_password" error={errors.fields.current_password} />
      <NewPasswordField label="New password" name="new_password" error={errors.fields.new_password} />
    </AccountChangeCard>
  );
}

function ChangeEmailForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const change = useMutation(
    trpc.auth.changeEmail.mutationOptions({
      onSuccess: () => refreshQueries(queryClient, trpc.auth.currentSession.queryKey()),
    }),
  );
  const errors = formErrorsOf(change.error, ["password", "new_email"]);
  return (
    <AccountChangeCard
      id="change-email"
      title="Change e-mail address"
      intro="You sign in with the new address from now on. Access tokens and other sessions are revoked."
      submitLabel="Change e-mail address"
      pending={change.isPending}
      formError={errors.form}
      revoked={change.data?.data.attributes}
      onSubmit={(form, clear) =>
        change.mutate(
          { password: formValue(form, "password"), new_email: formValue(form, "new_email") },
          { onSuccess: clear },
        )
      }
    >
      <EmailField label="New e-mail address" name="new_email" error={errors.fields.new_email} />
      <CurrentPasswordField
        label="Password"
        name="password"
        error={errors.fields.password}
        hint="Your current password, to confirm."
      />
    </AccountChangeCard>
  );
}

export function SecurityView() {
  return (
    <>
      <PageHeading title="Security" description="Your password and e-mail address." />
      <div className="cards">
        <ChangePasswordForm />
        <ChangeEmailForm />
      </div>
    </>
  );
}
