"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { FormAlert, FormSuccess, formValue, TextField } from "../form-fields";
import { plural } from "../format";
import { useTRPC } from "../trpc-provider";
import { formErrorsOf } from "../trpc-errors";

function RevokedSummary({ counts }: { counts: { revoked_credentials: number; revoked_sessions: number } }) {
  return (
    <FormSuccess>
      Done. {plural(counts.revoked_credentials, "access token", "access tokens")} and{" "}
      {plural(counts.revoked_sessions, "other session", "other sessions")} were revoked. This browser stays signed in.
    </FormSuccess>
  );
}

function ChangePasswordForm() {
  const trpc = useTRPC();
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const errors = formErrorsOf(change.error, ["current_password", "new_password"]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    change.mutate(
      { current_password: formValue(form, "current_password"), new_password: formValue(form, "new_password") },
      { onSuccess: () => formElement.reset() },
    );
  };
  return (
    <section className="card" aria-labelledby="change-password">
      <h2 id="change-password">Change password</h2>
      <p className="muted">Every access token and every other session of your account is revoked at once.</p>
      <form onSubmit={submit} className="stack">
        <FormAlert message={errors.form} />
        {change.data ? <RevokedSummary counts={change.data.data.attributes} /> : null}
        <TextField label="Current password" name="current_password" type="password" autoComplete="current-password" required error={errors.fields.current_password} />
        <TextField label="New password" name="new_password" type="password" autoComplete="new-password" required minLength={10} error={errors.fields.new_password} hint="At least 10 characters." />
        <div>
          <button type="submit" className="button button-primary" disabled={change.isPending}>
            {change.isPending ? "Changing…" : "Change password"}
          </button>
        </div>
      </form>
    </section>
  );
}

function ChangeEmailForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const change = useMutation(
    trpc.auth.changeEmail.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.auth.currentSession.queryKey() }),
    }),
  );
  const errors = formErrorsOf(change.error, ["password", "new_email"]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    change.mutate(
      { password: formValue(form, "password"), new_email: formValue(form, "new_email") },
      { onSuccess: () => formElement.reset() },
    );
  };
  return (
    <section className="card" aria-labelledby="change-email">
      <h2 id="change-email">Change e-mail address</h2>
      <p className="muted">You sign in with the new address from now on. Access tokens and other sessions are revoked.</p>
      <form onSubmit={submit} className="stack">
        <FormAlert message={errors.form} />
        {change.data ? <RevokedSummary counts={change.data.data.attributes} /> : null}
        <TextField label="New e-mail address" name="new_email" type="email" autoComplete="email" required error={errors.fields.new_email} />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required error={errors.fields.password} hint="Your current password, to confirm." />
        <div>
          <button type="submit" className="button button-primary" disabled={change.isPending}>
            {change.isPending ? "Changing…" : "Change e-mail address"}
          </button>
        </div>
      </form>
    </section>
  );
}

export function SecurityView() {
  return (
    <>
      <div className="page-heading">
        <div>
          <h1>Security</h1>
          <p className="muted">Your password and e-mail address.</p>
        </div>
      </div>
      <div className="cards">
        <ChangePasswordForm />
        <ChangeEmailForm />
      </div>
    </>
  );
}
