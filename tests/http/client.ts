import { randomUUID } from "node:crypto";
import { SCOPES } from "../../server/domain/identity/scopes";

/** A small REST client for the HTTP tests, as a script would call the API. */
export interface ApiResponse<Body = any> {
  status: number;
  body: Body;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Client address (X-Forwarded-For); a fresh one per call unless given, so failed-auth budgets don't mix. */
  ip?: string;
  headers?: Record<string, string>;
}

export function randomIp(): string {
  const byte = () => Math.floor(Math.random() * 250) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

export function createClient(baseUrl: string) {
  async function call<Body = any>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<Body>> {
    const headers = new Headers(options.headers);
    headers.set("x-forwarded-for", options.ip ?? randomIp());
    if (options.token) headers.set("authorization", `Bearer ${options.token}`);
    if (options.body !== undefined) headers.set("content-type", "application/json");
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  }

  async function signUp(overrides: Record<string, unknown> = {}) {
    const email = `user-${randomUUID()}@example.com`;
    const password = "correct horse battery";
    const response = await call("POST", "/api/v1/auth/sign-up", { body: { email, password, ...overrides } });
    if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
    const attributes = response.body.data.attributes;
    return {
      email: (overrides.email as string | undefined) ?? email,
      password: (overrides.password as string | undefined) ?? password,
      sessionToken: attributes.session_token as string,
      userId: attributes.user_id as string,
      workspaceId: attributes.workspace_id as string,
    };
  }

  async function signIn(email: string, password: string, workspaceId?: string) {
    const response = await call("POST", "/api/v1/auth/sessions", {
      body: { email, password, ...(workspaceId ? { workspace_id: workspaceId } : {}) },
    });
    if (response.status !== 201) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data.attributes.session_token as string;
  }

  async function createToken(sessionToken: string, scopes: string[], audience = "programmatic_api") {
    const response = await call("POST", "/api/v1/programmatic-access/credentials", {
      token: sessionToken,
      body: { name: `token for ${scopes.length} scope(s)`, audience, scopes },
    });
    if (response.status !== 201)
      throw new Error(`token creation failed: ${response.status} ${JSON.stringify(response.body)}`);
    return { id: response.body.data.id as string, token: response.body.data.attributes.token as string };
  }

  return { call, signUp, signIn, createToken };
}

/** Every scope of the catalogue: the tests' tokens that may do anything. */
export const ALL_SCOPES: string[] = [...SCOPES];
