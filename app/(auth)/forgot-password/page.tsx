import type { Metadata } from "next";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { ForgotPasswordForm } from "@/components/auth/password-reset-forms";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.forgotPassword");
  return { title: t("title") };
}

export default function ForgotPasswordPage() {
  const t = useTranslations("pages.forgotPassword");
  return (
    <>
      <h1>{t("heading")}</h1>
      <p className="muted">{t("intro")}</p>
      <ForgotPasswordForm />
    </>
  );
}
