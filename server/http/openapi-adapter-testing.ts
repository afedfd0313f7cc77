import { DEMO_EMAIL, DEMO_PASSWORD } from "../../prisma/seed";
import { generateToken } from "../domain/identity/tokens";
import { appRouter, restProcedures } from "../routers";

/**
 * The walk of openapi-adapter.test.ts: every REST operation called without credentials, with each
 * kind, with a malformed id and with a bad query or body, then a story of writes, sign-ins and
 * repeated reads. Steps read the side they run on for the ids of its seeded data and of what
 * earlier steps made.
 */

export const PAT = generateToken("programmatic_api");
export const SESSION = generateToken("session");
const MISSING = "00000000-0000-4000-8000-000000000000";

/** What a step reads of the side it runs on. */
export interface WalkSide {
  ids: { wallet: string; budget: string; otherWallet: string };
  /** What earlier steps answered (ids of what they made). */
  made: Record<string, string>;
}

export interface Call {
  method: string;
  path: string;
  token?: string;
  /** An object is sent as JSON; a string as it is (with contentType). */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface Step {
  name: string;
  call: (side: WalkSide) => Call;
  /** Keeps what the answer made, for later steps. */
  keep?: (side: WalkSide, body: { data?: { id?: string; attributes?: { token?: string } } }) => void;
}

export function steps(): Step[] {
  const list: Step[] = [];
  for (const { meta } of restProcedures(appRouter)) {
    const { method, path } = meta.openapi;
    const form = meta.openapi.contentTypes?.includes("multipart/form-data") ?? false;
    const fill = (side: WalkSide, value?: string) =>
      path.replace(/\{([^}]+)\}/g, () => {
        if (value) return value;
        if (path.includes("/wallets/")) return side.ids.wallet;
        if (path.includes("/budgets/")) return side.ids.budget;
        return MISSING;
      });
    const body = method === "GET" || method === "DELETE" ? undefined : form ? undefined : {};
    const headers = { "idempotency-key": "equivalence-key-0001" };
    list.push({ name: `${method} ${path} without credentials`, call: (side) => ({ method, path: fill(side), body }) });
    for (const [who, token] of [
      ["token", PAT],
      ["session", SESSION],
    ] as const) {
      // The shared session stays signed in; "sign out" below ends a session of its own.
      if (token === SESSION && method === "DELETE" && path === "/api/v1/auth/sessions/current") continue;
      list.push({
        name: `${method} ${path} as ${who}`,
        call: (side) => ({ method, path: fill(side), token, body, headers }),
      });
    }
    if (path.includes("{")) {
      list.push({
        name: `${method} ${path} with a malformed id`,
        call: (side) => ({ method, path: fill(side, "not-a-uuid"), token: PAT, body, headers }),
      });
    }
    if (method === "GET") {
      list.push({
        name: `${method} ${path}?limit=0`,
        call: (side) => ({ method, path: `${fill(side)}?limit=0&from=yesterday`, token: PAT }),
      });
    } else if (method !== "DELETE" && !form) {
      list.push({
        name: `${method} ${path} with broken JSON`,
        call: (side) => ({ method, path: fill(side), token: PAT, body: "{", contentType: "application/json", headers }),
      });
      list.push({
        name: `${method} ${path} as text/plain`,
        call: (side) => ({ method, path: fill(side), token: PAT, body: "x", contentType: "text/plain", headers }),
      });
    }
  }
  const template = (side: WalkSide) => ({
    direction: "expense",
    name: "Groceries",
    source_wallet_id: side.ids.wallet,
    amount_minor: "1230",
    currency_code: "eur",
    tags: ["food"],
  });
  const createTemplate = (side: WalkSide): Call => ({
    method: "POST",
    path: "/api/v1/programmatic/transaction-templates",
    token: PAT,
    body: template(side),
    headers: { "idempotency-key": "template-key-00001" },
  });
  list.push(
    {
      name: "transactions with a query",
      call: () => ({ method: "GET", path: "/api/v1/programmatic/transactions?limit=3", token: PAT }),
    },
    {
      name: "wallets.get of a missing wallet",
      call: () => ({ method: "GET", path: `/api/v1/programmatic/wallets/${MISSING}`, token: PAT }),
    },
    {
      name: "wallets.get of another wallet",
      call: (side) => ({ method: "GET", path: `/api/v1/programmatic/wallets/${side.ids.otherWallet}`, token: PAT }),
    },
    {
      name: "a wrong token",
      call: () => ({ method: "GET", path: "/api/v1/programmatic/wallets", token: generateTokenOnce }),
    },
    { name: "create a template", call: createTemplate },
    { name: "the same create again (replayed)", call: createTemplate },
    {
      name: "a template body with a string where a number's text belongs",
      call: (side) => ({
        method: "POST",
        path: "/api/v1/programmatic/transaction-templates",
        token: PAT,
        body: { ...template(side), amount_minor: 12 },
        headers: { "idempotency-key": "template-key-00002" },
      }),
    },
    {
      name: "create a credential",
      call: () => ({
        method: "POST",
        path: "/api/v1/programmatic-access/credentials",
        token: SESSION,
        body: { name: "made", audience: "programmatic_api", scopes: ["wallets:read"] },
      }),
      keep: (side, body) => {
        side.made.credential = body.data?.id ?? "";
        side.made.token = body.data?.attributes?.token ?? "";
      },
    },
    {
      name: "the new credential reads",
      call: (side) => ({
        method: "GET",
        path: "/api/v1/programmatic-access/credentials/current",
        token: side.made.token,
      }),
    },
    {
      name: "the new credential lacks a scope",
      call: (side) => ({ method: "GET", path: "/api/v1/programmatic/categories", token: side.made.token }),
    },
    {
      name: "list credentials",
      call: () => ({ method: "GET", path: "/api/v1/programmatic-access/credentials", token: SESSION }),
    },
    {
      name: "revoke the new credential",
      call: (side) => ({
        method: "DELETE",
        path: `/api/v1/programmatic-access/credentials/${side.made.credential}`,
        token: SESSION,
      }),
    },
    {
      name: "sign in",
      call: () => ({
        method: "POST",
        path: "/api/v1/auth/sessions",
        body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
      }),
      keep: (side, body) => void (side.made.session = body.data?.attributes?.token ?? ""),
    },
    {
      name: "the signed-in session",
      call: (side) => ({ method: "GET", path: "/api/v1/auth/sessions/current", token: side.made.session }),
    },
    {
      name: "sign out",
      call: (side) => ({ method: "DELETE", path: "/api/v1/auth/sessions/current", token: side.made.session }),
    },
    {
      name: "sign up",
      call: () => ({
        method: "POST",
        path: "/api/v1/auth/sign-up",
        body: { email: "new@example.com", password: "a-long-password-1", workspace_name: "New" },
      }),
    },
    {
      name: "sign up again (taken)",
      call: () => ({
        method: "POST",
        path: "/api/v1/auth/sign-up",
        body: { email: "new@example.com", password: "a-long-password-1" },
      }),
    },
    {
      name: "invite a member",
      call: () => ({
        method: "POST",
        path: "/api/v1/workspace/members",
        token: SESSION,
        body: { email: "friend@example.com" },
      }),
    },
    {
      name: "list invitations",
      call: () => ({ method: "GET", path: "/api/v1/workspace/invitations", token: SESSION }),
    },
    {
      name: "ask for a password reset",
      call: () => ({ method: "POST", path: "/api/v1/auth/password-reset", body: { email: DEMO_EMAIL } }),
    },
    { name: "a trailing slash", call: () => ({ method: "GET", path: "/api/v1/programmatic/categories/", token: PAT }) },
    // Read again with nothing changed: the cached answers, validated and serialised once, are the same bytes.
    { name: "categories again", call: () => ({ method: "GET", path: "/api/v1/programmatic/categories", token: PAT }) },
    {
      name: "categories again, page 2 of 5",
      call: () => ({ method: "GET", path: "/api/v1/programmatic/categories?limit=5&page=2", token: PAT }),
    },
    { name: "accounts again", call: () => ({ method: "GET", path: "/api/v1/programmatic/accounts", token: PAT }) },
    {
      name: "a wallet again",
      call: (side) => ({ method: "GET", path: `/api/v1/programmatic/wallets/${side.ids.wallet}`, token: PAT }),
    },
    {
      name: "wallets again, archived too",
      call: () => ({ method: "GET", path: "/api/v1/programmatic/wallets?include_archived=true", token: PAT }),
    },
    // A repeated parameter of one value is refused by name here, where the library answered "must be a
    // number" (tests/http/strict-parameters.test.ts): no step of the walk, as the answers differ on purpose.
    {
      name: "transactions with a list parameter once",
      call: () => ({ method: "GET", path: "/api/v1/programmatic/transactions?limit=2&tags=food", token: PAT }),
    },
    { name: "HEAD of the health check", call: () => ({ method: "HEAD", path: "/api/v1/health" }) },
  );
  return list;
}

const generateTokenOnce = generateToken("programmatic_api");
