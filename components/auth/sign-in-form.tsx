"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { FormAlert, formValue, useHydrated } from "../form-fields";
import { CurrentPasswordField, EmailField } from "./account-fields";

// `authorize` answers null for wrong credentials (CredentialsSignin) and throws the service's code otherwise.
const SIGN_IN_ERRORS: Record<string, string> = {
  CredentialsSignin: "The e-mail address or password is wrong.",
  RATE_LIMITED:
    "Too many failed sign-in attempts, from this address or for this account. Wait a few minutes and try again, or reset your password.",
  WORKSPACE_ACCESS_REVOKED: "Your account is not a member of any workspace.",
  SERVICE_UNAVAILABLE: "The service cannot reach its database right now. Try again in a few seconds.",
};

/** E-mail and password through next-auth's credentials provider: one server-side session per sign-in. */
export async function signInWithPassword(email: string, password: string): Promise<string | null> {
  try {
    const result = await signIn("credentials", { email, password, redirect: false });
    if (result?.ok && !result.error) return null;
    return SIGN_IN_ERRORS[result?.error ?? ""] ?? "Signing in failed. Try again in a moment.";
  } catch {
    return "The sign-in service could not be reached. Try again in a moment.";
  }
}

const NOTICES: Record<string, string> = {
  "session-ended": "Your session has ended (for example after a password change elsewhere). Sign in again.",
  "signed-out": "You are signed out.",
};

/** Why the visitor is here (?reason=session-ended | signed-out), set by the dashboard when it sends them. */
export function SignInNotice() {
  const reason = useSearchParams().get("reason");
  const notice = reason ? NOTICES[reason] : undefined;
  if (!notice) return null;
  return (
    <p role="status" className="notice notice-info auth-notice">
      {notice}
    </p>
  );
}

export function SignInForm() {
  const hydrated = useHydrated();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
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
      <FormAlert message={error} />
      <EmailField autoFocus />
      <CurrentPasswordField label="Password" name="password" />
      <button type="submit" className="button button-primary button-block" disabled={pending || !hydrated}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
      <p className="auth-links">
        <Link href="/forgot-password">Forgot your password?</Link>
        <span>
          No account? <Link href="/sign-up">Sign up</Link>
        </span>
      </p>
    </form>
  );
}
