import type { Metadata } from "next";
import { SignUpForm } from "@/components/auth/sign-up-form";

export const metadata: Metadata = { title: "Sign up" };

export default function SignUpPage() {
  return (
    <>
      <h1>Create your account</h1>
      <p className="muted">You get a workspace of your own and can create access tokens for your scripts.</p>
      <SignUpForm />
    </>
  );
}
