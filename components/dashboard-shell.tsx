import type { ReactNode } from "react";
import { DashboardNav } from "@/components/dashboard-nav";
import { TrpcProvider } from "@/components/trpc-provider";

/**
 * The frame of every signed-in page (the (dashboard) layout and the home page at `/`): the providers
 * the pages need, the navigation and the main region.
 */
export function DashboardShell({ email, children }: { email: string; children: ReactNode }) {
  return (
    <TrpcProvider redirectWhenSessionEnds>
      <DashboardNav email={email} />
      <main id="main" className="page page-wide">
        {children}
      </main>
    </TrpcProvider>
  );
}
