"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { FormEvent, ReactNode } from "react";
import { FormAlert, FormSuccess, formValue, useHydrated } from "../form-fields";
import { PageHeading } from "../page-parts";
import { refreshQueries } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import { formErrorsOf } from "../trpc-errors";
import { CurrentPasswordField, EmailField, NewPasswordField } from "../auth/account-fields";

type RevokedCounts = { revoked_credentials: number; revoked_sessions: number };

function RevokedSummary({ counts }: { counts: RevokedCounts }) {
  const t = useTranslations("security");
  return (
    <FormSuccess>
      {t("revoked", { credentials: counts.revoked_credentials, sessions: counts.revoked_sessions })}
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
  const t = useTranslations("security");
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
            {pending ? t("changing") : submitLabel}
          </button>
        </div>
      </form>
    </section>
  );
}

function ChangePasswordForm() {
  const t = useTranslations("security.password");
  const trpc = useTRPC();
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const errors = formErrorsOf(change.error, ["current_password", "new_password"]);
  return (
    <AccountChangeCard
      id="change-password"
      title={t("title")}
      intro={t("intro")}
      submitLabel={t("submit")}
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
      <CurrentPasswordField label={t("current")} name="current_password" error={errors.fields.current_password} />
      <NewPasswordField label={t("new")} name="new_password" error={errors.fields.new_password} />
    </AccountChangeCard>
  );
}

function ChangeEmailForm() {
  const t = useTranslations("security.email");
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
      title={t("title")}
      intro={t("intro")}
      submitLabel={t("submit")}
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
      <EmailField label={t("new")} name="new_email" error={errors.fields.new_email} />
      <CurrentPasswordField
        label={t("password")}
        name="password"
        error={errors.fields.password}
        hint={t("passwordHint")}
      />
    </AccountChangeCard>
  );
}

export function SecurityView() {
  const t = useTranslations("security");
  return (
    <>
      <PageHeading title={t("title")} description={t("description")} />
      <div className="cards">
        <ChangePasswordForm />
        <ChangeEmailForm />
      </div>
    </>
  );
}
