import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ResetPasswordForm } from "@/components/auth/password-reset-forms";

// The reset token is in this page's URL: keep it out of Referer headers.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.resetPassword");
  return { title: t("title"), referrer: "no-referrer" };
}

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const [{ token }, t] = await Promise.all([searchParams, getTranslations("pages.resetPassword")]);
  return (
    <>
      <h1>{t("heading")}</h1>
      <ResetPasswordForm token={typeof token === "string" && token ? token : null} />
    </>
  );
}
