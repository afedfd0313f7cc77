"use client";

import { useMutation } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { MAX_BATCH_CALLS } from "@/server/batch-limit";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import type { AppRouter } from "@/server/routers";
import { FormAlert, formValue, TextField, useHydrated } from "../form-fields";
import { useTRPC } from "../trpc-provider";
import { formErrorsOf } from "../trpc-errors";
import { CURRENCIES } from "@/server/domain/money/currency-catalogue";
import { SelectField } from "../manage-fields";
import { EmailField, NewPasswordField } from "./account-fields";
import { signInWithPassword, type SignInFailure } from "./sign-in-form";

const FIELDS = ["email", "password", "name", "workspace_name", "timezone", "home_currency"] as const;

/**
 * Sign-up answers with a session token of its own, meant for scripts. The browser signs in
 * through next-auth instead (a second session), so the first one is ended rather than left valid
 * for 30 days with nobody holding it.
 */
async function endSignUpSession(sessionToken: string): Promise<void> {
  // A batch link: tRPC 11.22's fetch adapter cannot parse the empty body httpLink sends for a void input.
  const client = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: "/api/trpc",
        maxItems: MAX_BATCH_CALLS,
        headers: { authorization: `Bearer ${sessionToken}` },
      }),
    ],
  });
  await client.auth.endSession.mutate().catch(() => undefined);
}

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function SignUpForm() {
  const t = useTranslations("auth.signUp");
  const tSignIn = useTranslations("auth.signIn.errors");
  const hydrated = useHydrated();
  const trpc = useTRPC();
  const router = useRouter();
  const signUp = useMutation(trpc.auth.signUp.mutationOptions());
  const [signInError, setSignInError] = useState<SignInFailure | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const errors = formErrorsOf(signUp.error, FIELDS);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = formValue(form, "email");
    const password = formValue(form, "password");
    const name = formValue(form, "name").trim();
    const workspaceName = formValue(form, "workspace_name").trim();
    const homeCurrency = formValue(form, "home_currency");
    setSignInError(null);
    const created = await signUp
      .mutateAsync({
        email,
        password,
        name: name || undefined,
        workspace_name: workspaceName || undefined,
        timezone: browserTimeZone(),
        home_currency: homeCurrency || undefined,
      })
      .catch(() => null); // the form shows signUp.error
    if (!created) return;
    setSigningIn(true);
    const failure = await signInWithPassword(email, password);
    await endSignUpSession(created.data.attributes.session_token);
    if (failure) {
      setSignInError(failure);
      setSigningIn(false);
      return;
    }
    router.replace("/");
    router.refresh();
  };

  const pending = signUp.isPending || signingIn;
  return (
    <form onSubmit={submit} method="post" className="stack">
      <FormAlert message={errors.form ?? (signInError ? t("signInFailed", { reason: tSignIn(signInError) }) : null)} />
      <EmailField autoFocus error={errors.fields.email} />
      <NewPasswordField label={t("password")} name="password" error={errors.fields.password} />
      <TextField label={t("name")} name="name" autoComplete="name" maxLength={100} error={errors.fields.name} />
      <TextField
        label={t("workspaceName")}
        name="workspace_name"
        maxLength={100}
        error={errors.fields.workspace_name ?? errors.fields.timezone}
        hint={t("workspaceHint")}
      />
      <SelectField
        label={t("homeCurrency")}
        name="home_currency"
        defaultValue="EUR"
        error={errors.fields.home_currency}
        hint={t("homeCurrencyHint")}
      >
        {CURRENCIES.map((currency) => (
          <option key={currency.code} value={currency.code}>
            {currency.code} · {currency.name}
          </option>
        ))}
      </SelectField>
      <button type="submit" className="button button-primary button-block" disabled={pending || !hydrated}>
        {pending ? t("pending") : t("submit")}
      </button>
      <p className="auth-links">
        <span>{t.rich("haveAccount", { link: (chunks) => <Link href="/sign-in">{chunks}</Link> })}</span>
      </p>
    </form>
  );
}
