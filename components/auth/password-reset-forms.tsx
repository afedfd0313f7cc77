"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState, type FormEvent, type ReactNode } from "react";
import { FormAlert, FormSuccess, formValue, TextField, useHydrated } from "../form-fields";
import { useTRPC } from "../trpc-provider";
import { appCodeOf, formErrorsOf } from "../trpc-errors";
import { EmailField, NewPasswordField } from "./account-fields";

export function ForgotPasswordForm() {
  const t = useTranslations("auth.forgotPassword");
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
        <FormSuccess>{t("sent", { email, minutes: expires_in_minutes })}</FormSuccess>
        <p className="auth-links">
          <Link href="/sign-in">{t("back")}</Link>
        </p>
      </div>
    );
  }
  return (
    <form onSubmit={submit} method="post" className="stack">
      <FormAlert message={errors.form} />
      <EmailField autoFocus error={errors.fields.email} />
      <button type="submit" className="button button-primary button-block" disabled={request.isPending || !hydrated}>
        {request.isPending ? t("pending") : t("submit")}
      </button>
      <p className="auth-links">
        <Link href="/sign-in">{t("back")}</Link>
      </p>
    </form>
  );
}

type BadLink = "malformed" | "unknown" | "expired" | "spent" | "other";

/**
 * What is wrong with the reset link, from the service's code (its TOKEN_INVALID says whether the
 * token is "malformed" or "not known"; "other": the service's own words); null when the error is not about the link.
 */
function badLinkOf(error: unknown): BadLink | null {
  switch (appCodeOf(error)) {
    case "TOKEN_INVALID": {
      const said = error instanceof Error ? error.message : "";
      return said.includes("malformed") ? "malformed" : said.includes("not known") ? "unknown" : "other";
    }
    case "TOKEN_EXPIRED":
      return "expired";
    case "TOKEN_REVOKED":
      return "spent";
    default:
      return null;
  }
}

const newLinkTag = { link: (chunks: ReactNode) => <Link href="/forgot-password">{chunks}</Link> };

export function ResetPasswordForm({ token }: { token: string | null }) {
  const t = useTranslations("auth.resetPassword");
  const hydrated = useHydrated();
  const trpc = useTRPC();
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const [mismatch, setMismatch] = useState(false);
  const errors = formErrorsOf(reset.error, ["new_password"]);

  if (!token) {
    return (
      <p role="alert" className="notice notice-error">
        {t.rich("noToken", newLinkTag)}
      </p>
    );
  }
  if (reset.data) {
    const { revoked_credentials, revoked_sessions } = reset.data.data.attributes;
    return (
      <div className="stack">
        <FormSuccess>{t("done", { credentials: revoked_credentials, sessions: revoked_sessions })}</FormSuccess>
        <Link href="/sign-in" className="button button-primary button-block">
          {t("signInNew")}
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
  const badLink = badLinkOf(reset.error);
  return (
    <form onSubmit={submit} method="post" className="stack">
      {badLink ? (
        <p role="alert" className="notice notice-error">
          {badLink === "other"
            ? t.rich("badLink.other", { ...newLinkTag, reason: errors.form ?? "" })
            : t.rich(`badLink.${badLink}`, newLinkTag)}
        </p>
      ) : (
        <FormAlert message={errors.form} />
      )}
      <NewPasswordField
        label={t("newPassword")}
        name="new_password"
        autoFocus
        error={errors.fields.new_password}
        more={t("newPasswordMore")}
      />
      <TextField
        label={t("confirm")}
        name="repeat_password"
        type="password"
        autoComplete="new-password"
        required
        error={mismatch ? t("mismatch") : undefined}
      />
      <button type="submit" className="button button-primary button-block" disabled={reset.isPending || !hydrated}>
        {reset.isPending ? t("pending") : t("submit")}
      </button>
    </form>
  );
}
