import type { ReactNode } from "react";
import { DashboardNav } from "@/components/dashboard-nav";
import { DashboardProviders } from "@/components/dashboard-providers";

/**
 * The frame of every signed-in page (the (dashboard) layout and the home page at `/`): the providers
 * the pages need, the navigation and the main region.
 */
export function DashboardShell({ email, children }: { email: string; children: ReactNode }) {
  return (
    <DashboardProviders>
      <DashboardNav email={email} />
      <main id="main" tabIndex={-1} className="page page-wide">
        {children}
      </main>
    </DashboardProviders>
  );
}
