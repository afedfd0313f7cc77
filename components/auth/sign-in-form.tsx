"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { FormAlert, formValue, useHydrated } from "../form-fields";
import { CurrentPasswordField, EmailField } from "./account-fields";

/** Why signing in failed, as a message of "auth.signIn.errors". */
export type SignInFailure =
  "credentials" | "rateLimited" | "workspaceRevoked" | "serviceUnavailable" | "failed" | "unreachable";

// `authorize` answers null for wrong credentials (CredentialsSignin) and throws the service's code otherwise.
const SIGN_IN_ERRORS: Record<string, SignInFailure> = {
  CredentialsSignin: "credentials",
  RATE_LIMITED: "rateLimited",
  WORKSPACE_ACCESS_REVOKED: "workspaceRevoked",
  SERVICE_UNAVAILABLE: "serviceUnavailable",
};

/** E-mail and password through next-auth's credentials provider: one server-side session per sign-in. */
export async function signInWithPassword(email: string, password: string): Promise<SignInFailure | null> {
  try {
    const result = await signIn("credentials", { email, password, redirect: false });
    if (result?.ok && !result.error) return null;
    return SIGN_IN_ERRORS[result?.error ?? ""] ?? "failed";
  } catch {
    return "unreachable";
  }
}

const NOTICES: Record<string, "sessionEnded" | "signedOut"> = {
  "session-ended": "sessionEnded",
  "signed-out": "signedOut",
};

/** Why the visitor is here (?reason=session-ended | signed-out), set by the dashboard when it sends them. */
export function SignInNotice() {
  const t = useTranslations("auth.signIn.notices");
  const reason = useSearchParams().get("reason");
  const notice = reason && Object.hasOwn(NOTICES, reason) ? NOTICES[reason] : undefined;
  if (!notice) return null;
  return (
    <p role="status" className="notice notice-info auth-notice">
      {t(notice)}
    </p>
  );
}

export function SignInForm() {
  const t = useTranslations("auth.signIn");
  const hydrated = useHydrated();
  const router = useRouter();
  const [error, setError] = useState<SignInFailure | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const failure = await signInWithPassword(formValue(form, "email"), formValue(form, "password"));
    if (failure) {
      setError(failure);
      setPending(false);
      return;
    }
    router.replace("/");
    router.refresh();
  };

  return (
    <form onSubmit={submit} method="post" className="stack">
      <FormAlert message={error ? t(`errors.${error}`) : null} />
      <EmailField autoFocus />
      <CurrentPasswordField label={t("password")} name="password" />
      <button type="submit" className="button button-primary button-block" disabled={pending || !hydrated}>
        {pending ? t("pending") : t("submit")}
      </button>
      <p className="auth-links">
        <Link href="/forgot-password">{t("forgot")}</Link>
        <span>{t.rich("noAccount", { link: (chunks) => <Link href="/sign-up">{chunks}</Link> })}</span>
      </p>
    </form>
  );
}
