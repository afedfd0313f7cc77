import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { DashboardShell } from "@/components/dashboard-shell";
import { getDashboardSession, hasSessionCookie } from "@/server/auth/next-auth";

// Reads the session cookie on every request; never prerendered.
export const dynamic = "force-dynamic";

/** Pages for signed-in users; anyone else goes to the sign-in page, told why when their session ended. */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await getDashboardSession();
  if (!session) redirect((await hasSessionCookie()) ? "/sign-in?reason=session-ended" : "/sign-in");
  return <DashboardShell email={session.user.email}>{children}</DashboardShell>;
}
