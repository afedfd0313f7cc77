import type { ReactNode } from "react";
import { SiteHeader } from "@/components/site-header";
import { TrpcProvider } from "@/components/trpc-provider";

/** Sign-in, sign-up and password reset: public pages around one small card. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <TrpcProvider>
        <main id="main" tabIndex={-1} className="auth-main">
          <div className="auth-card">{children}</div>
        </main>
      </TrpcProvider>
    </>
  );
}
