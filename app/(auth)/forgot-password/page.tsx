import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/auth/password-reset-forms";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <>
      <h1>Forgot your password?</h1>
      <p className="muted">Enter your e-mail address and we send you a link to choose a new one.</p>
      <ForgotPasswordForm />
    </>
  );
}
