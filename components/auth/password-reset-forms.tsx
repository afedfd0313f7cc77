"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { FormAlert, FormSuccess, formValue, TextField, useHydrated } from "../form-fields";
import { plural } from "../format";
import { useTRPC } from "../trpc-provider";
import { appCodeOf, formErrorsOf } from "../trpc-errors";
import { EmailField, NewPasswordField } from "./account-fields";

export function ForgotPasswordForm() {
  const hydrated = useHydrated();
  const trpc = useTRPC();
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  const errors = formErrorsOf(request.error, ["email"]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.mutate({ email: formValue(new FormData(event.currentTarget), "email") });
  };
  if (request.data) {
    const { email, expires_in_minutes } = request.data.data.attributes;
    return (
      <div className="stack">
        <FormSuccess>
          If an account uses {email}, we sent it a link to choose a new password. The link works for{" "}
          {expires_in_minutes} minutes.
        </FormSuccess>
        <p className="auth-links">
          <Link href="/sign-in">Back to sign in</Link>
        </p>
      </div>
    );
  }
  return (
    <form onSubmit={submit} method="post" className="stack">
      <FormAlert message={errors.form} />
      <EmailField autoFocus error={errors.fields.email} />
      <button type="submit" className="button button-primary button-block" disabled={request.isPending || !hydrated}>
        {request.isPending ? "Sending…" : "Send reset link"}
      </button>
      <p className="auth-links">
        <Link href="/sign-in">Back to sign in</Link>
      </p>
    </form>
  );
}

const BAD_LINK = new Set(["TOKEN_INVALID", "TOKEN_REVOKED", "TOKEN_EXPIRED"]);

export function ResetPasswordForm({ token }: { token: string | null }) {
  const hydrated = useHydrated();
  const trpc = useTRPC();
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const [mismatch, setMismatch] = useState(false);
  const errors = formErrorsOf(reset.error, ["new_password"]);

  if (!token) {
    return (
      <p role="alert" className="notice notice-error">
        This page needs the link from the password reset e-mail. <Link href="/forgot-password">Ask for a new link</Link>
        .
      </p>
    );
  }
  if (reset.data) {
    const { revoked_credentials, revoked_sessions } = reset.data.data.attributes;
    return (
      <div className="stack">
        <FormSuccess>
          Your password was changed. {plural(revoked_credentials, "access token", "access tokens")} and{" "}
          {plural(revoked_sessions, "session", "sessions")} were revoked.
        </FormSuccess>
        <Link href="/sign-in" className="button button-primary button-block">
          Sign in with the new password
        </Link>
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = formValue(form, "new_password");
    const repeated = password === formValue(form, "repeat_password");
    setMismatch(!repeated);
    if (!repeated) return;
    reset.mutate({ token, new_password: password });
  };
  const badLink = BAD_LINK.has(appCodeOf(reset.error) ?? "");
  return (
    <form onSubmit={submit} method="post" className="stack">
      {badLink ? (
        <p role="alert" className="notice notice-error">
          {errors.form} <Link href="/forgot-password">Ask for a new link</Link>.
        </p>
      ) : (
        <FormAlert message={errors.form} />
      )}
      <NewPasswordField
        label="New password"
        name="new_password"
        autoFocus
        error={errors.fields.new_password}
        more="Every session and access token of your account is revoked."
      />
      <TextField
        label="Confirm password"
        name="repeat_password"
        type="password"
        autoComplete="new-password"
        required
        error={mismatch ? "The two passwords differ." : undefined}
      />
      <button type="submit" className="button button-primary button-block" disabled={reset.isPending || !hydrated}>
        {reset.isPending ? "Saving…" : "Set new password"}
      </button>
    </form>
  );
}
