import type { Metadata } from "next";
import { Suspense } from "react";
import { SignInForm, SignInNotice } from "@/components/auth/sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

// The notice reads ?reason= in the browser, so the page renders the same for everyone.
export default function SignInPage() {
  return (
    <>
      <h1>Sign in</h1>
      <Suspense fallback={null}>
        <SignInNotice />
      </Suspense>
      <SignInForm />
    </>
  );
}
