import type { Metadata } from "next";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { SignUpForm } from "@/components/auth/sign-up-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.signUp");
  return { title: t("title") };
}

export default function SignUpPage() {
  const t = useTranslations("pages.signUp");
  return (
    <>
      <h1>{t("heading")}</h1>
      <p className="muted">{t("intro")}</p>
      <SignUpForm />
    </>
  );
}
