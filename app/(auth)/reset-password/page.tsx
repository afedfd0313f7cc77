import type { Metadata } from "next";
import { ResetPasswordForm } from "@/components/auth/password-reset-forms";

// The reset token is in this page's URL: keep it out of Referer headers.
export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  return (
    <>
      <h1>Choose a new password</h1>
      <ResetPasswordForm token={typeof token === "string" && token ? token : null} />
    </>
  );
}
