import type { Metadata } from "next";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { SignInForm, SignInNotice } from "@/components/auth/sign-in-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.signIn");
  return { title: t("title") };
}

// The notice reads ?reason= in the browser, so the page renders the same for everyone.
export default function SignInPage() {
  const t = useTranslations("pages.signIn");
  return (
    <>
      <h1>{t("heading")}</h1>
      <Suspense fallback={null}>
        <SignInNotice />
      </Suspense>
      <SignInForm />
    </>
  );
}
