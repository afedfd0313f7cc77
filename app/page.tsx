import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { DashboardShell } from "@/components/dashboard-shell";
import { HomeView } from "@/components/home/home-view";
import { SiteHeader } from "@/components/site-header";
import { getDashboardSession } from "@/server/auth/next-auth";

// Reads the session cookie on every request; never prerendered.
export const dynamic = "force-dynamic";

/** Signed in: the overview of the workspace. Signed out: what the service is, and the way in. */
export default async function HomePage() {
  const session = await getDashboardSession();
  if (session) {
    return (
      <DashboardShell email={session.user.email}>
        <HomeView />
      </DashboardShell>
    );
  }
  const t = await getTranslations("pages.home");
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="page">
        <h1>Personal Finance API</h1>
        <p>{t.rich("intro", { code: (chunks) => <code>{chunks}</code> })}</p>
        <p className="cta">
          {t.rich("cta", {
            signUp: (chunks) => (
              <Link href="/sign-up" className="button button-primary">
                {chunks}
              </Link>
            ),
            signIn: (chunks) => (
              <Link href="/sign-in" className="button">
                {chunks}
              </Link>
            ),
            muted: (chunks) => <span className="muted">{chunks}</span>,
          })}
        </p>
        <ul>
          <li>{t.rich("apiReference", { link: (chunks) => <Link href="/docs/api">{chunks}</Link> })}</li>
          <li>
            <a href="/api/v1/health">{t("health")}</a>
          </li>
        </ul>
      </main>
    </>
  );
}
