import { ALL_SCOPES, createClient, randomIp } from "./client";
import { startServer, type RunningServer } from "./server";

/** The `name=value` pairs of a response's Set-Cookie headers. */
export function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
}

/**
 * Signs in the way the sign-in page does (next-auth's CSRF token, then its credentials endpoint)
 * and returns the browser's cookies as one Cookie header. The server needs NEXTAUTH_SECRET.
 */
export async function browserCookies(baseUrl: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookiesOf(csrf).join("; "),
      "x-forwarded-for": randomIp(),
    },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const cookies = [...cookiesOf(csrf), ...cookiesOf(signIn)];
  if (!cookies.some((cookie) => cookie.startsWith("next-auth.session-token=")))
    throw new Error(`sign-in failed: ${signIn.status}`);
  return cookies.join("; ");
}

export const DEMO = { email: "demo@example.com", password: "demo-password-1234" };

export interface DashboardServer {
  server: RunningServer;
  api: ReturnType<typeof createClient>;
  /** The demo user's browser cookies, a session token of theirs, and their "Travel (EUR)" account. */
  demo: { cookie: string; sessionToken: string; travelEurAccountId: string };
}

/** A server of its own that browsers can sign in to (production needs NEXTAUTH_SECRET), with the demo user signed in. */
export async function startDashboardServer(): Promise<DashboardServer> {
  const server = await startServer({ env: { NEXTAUTH_SECRET: "http-test-only-nextauth-secret-0123456789" } });
  try {
    const api = createClient(server.baseUrl);
    const cookie = await browserCookies(server.baseUrl, DEMO.email, DEMO.password);
    const sessionToken = await api.signIn(DEMO.email, DEMO.password);
    const token = (await api.createToken(sessionToken, ALL_SCOPES)).token;
    const accounts = (await api.call("GET", "/api/v1/programmatic/accounts", { token })).body.data;
    const travelEurAccountId = accounts.find((account: any) => account.attributes.name === "Travel (EUR)").id;
    return { server, api, demo: { cookie, sessionToken, travelEurAccountId } };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
