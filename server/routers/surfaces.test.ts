import { beforeAll, describe, expect, it } from "vitest";
import { authenticateSession } from "../domain/identity/authenticate";
import { createCredential } from "../domain/identity/credentials";
import { SCOPES } from "../domain/identity/scopes";
import { appErrorOf } from "../errors";
import { clientAddressHeader } from "../http/client-address";
import { mcpTools } from "../mcp/tools";
import { buildOpenApiDocument } from "../openapi/document";
import { createTestSession, createTestWorkspace, useTestDatabase } from "../testing/fixtures";
import { createContext } from "../trpc/context";
import { callProcedure } from "./call-procedure";
import { appRouter, procedureEntries } from "./index";

/**
 * One definition per operation: every procedure of the router is served on REST (its OpenAPI
 * path), as an MCP tool and on the dashboard's tRPC with a session, unless its meta says which
 * surface it is not on and why.
 */
const procedures = procedureEntries();

const document = buildOpenApiDocument("http://localhost");
const tools = new Map(mcpTools().map((tool) => [tool.procedure, tool]));

/** A reason worth the name: a sentence, not a placeholder. */
const isReason = (reason: string | undefined) => typeof reason === "string" && reason.trim().split(/\s+/).length >= 4;

describe("every definition on every surface, or a reason", () => {
  it("walks a router of many procedures", () => {
    expect(procedures.length).toBeGreaterThan(80);
  });

  it.each(procedures)("$path is on REST (an OpenAPI path) or says why not", ({ meta }) => {
    if (meta.notOn?.rest !== undefined) {
      expect(isReason(meta.notOn.rest)).toBe(true);
      expect(meta.openapi).toBeUndefined();
      return;
    }
    expect(meta.openapi).toBeDefined();
    const operation = (document.paths?.[meta.openapi!.path] as Record<string, unknown> | undefined)?.[
      meta.openapi!.method.toLowerCase()
    ];
    expect(operation).toBeDefined();
  });

  it.each(procedures)("$path is an MCP tool or says why not", ({ path, meta }) => {
    if (meta.notOn?.mcp !== undefined) {
      expect(isReason(meta.notOn.mcp)).toBe(true);
      expect(tools.has(path)).toBe(false);
      return;
    }
    const tool = tools.get(path);
    expect(tool).toBeDefined();
    expect(tool!.scope).toBe(meta.scope);
    expect(tool!.idempotent).toBe(meta.idempotent === true || meta.idempotent === "unless_dry_run");
  });

  it("names every tool once", () => {
    const names = mcpTools().map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("gives every tool schemas that stand alone: each $ref points inside the tool's own schema", () => {
    for (const tool of mcpTools()) {
      const refs = JSON.stringify([tool.inputSchema, tool.outputSchema]).match(/"\$ref":"[^"]*"/g) ?? [];
      expect(
        refs.filter((ref) => !ref.includes('"#/$defs/')),
        tool.name,
      ).toEqual([]);
    }
    const upload = mcpTools().find((tool) => tool.procedure === "imports.create")!;
    expect(JSON.stringify(upload.inputSchema)).toContain('"date_format"');
  });
});

describe("each credential reaches the workspace operations on its own surface only", () => {
  const db = useTestDatabase();
  const tokens = { session: "", rest: "", mcp: "" };

  beforeAll(async () => {
    tokens.session = await createTestSession(await createTestWorkspace(db));
    const member = await authenticateSession(db, tokens.session);
    for (const audience of ["programmatic_api", "mcp"] as const) {
      const { token } = await createCredential(db, member, {
        name: audience,
        audience,
        scopes: [...SCOPES],
        expiresInDays: 1,
      });
      tokens[audience === "mcp" ? "mcp" : "rest"] = token;
    }
  });

  // A workspace operation takes a PAT of the surface's audience on REST and MCP; on the dashboard's tRPC, the member's session too.
  const workspaceOperations = procedures.filter(
    ({ meta }) => meta.auth === "pat" && meta.notOn?.dashboard === undefined,
  );
  const tokenOnly = procedures.filter(({ meta }) => meta.notOn?.dashboard !== undefined);

  /** How a call with no input ends: past authentication (an answer, or the input check's 400), or refused as a credential. */
  function outcome(
    path: string,
    token: string,
    surface: { acceptsSessions?: boolean; credentialAudience?: "programmatic_api" | "mcp" },
  ) {
    // A client address per call: the refusals below would otherwise spend one address's budget of failed attempts.
    const headers = new Headers({
      authorization: `Bearer ${token}`,
      [clientAddressHeader()]: `198.51.100.${(calls += 1) % 250}`,
    });
    const ctx = createContext({ db, requestId: "test", headers, ...surface });
    return callProcedure(appRouter, ctx, path, undefined).then(
      () => "answered",
      (error: unknown) => appErrorOf(error).code,
    );
  }
  let calls = 0;
  // Past authentication: answered, or refused by the key check (a PAT's write without Idempotency-Key) or the input check.
  const PAST_AUTHENTICATION = ["answered", "IDEMPOTENCY_KEY_INVALID", "VALIDATION_FAILED", "RESOURCE_NOT_FOUND"];

  it("has workspace operations, and says why the token-only ones are not the dashboard's", () => {
    expect(workspaceOperations.length).toBeGreaterThan(20);
    for (const { meta } of tokenOnly) expect(isReason(meta.notOn!.dashboard)).toBe(true);
  });

  it.each(workspaceOperations)("$path: the session on the dashboard's tRPC, and nowhere else", async ({ path }) => {
    expect(PAST_AUTHENTICATION).toContain(await outcome(path, tokens.session, { acceptsSessions: true }));
    expect(await outcome(path, tokens.session, {})).toBe("TOKEN_INVALID");
    expect(await outcome(path, tokens.session, { credentialAudience: "mcp" })).toBe("TOKEN_INVALID");
  });

  it.each(workspaceOperations)(
    "$path: a pfa_ token on REST, a pfm_ token on MCP, never the other way round",
    async ({ path }) => {
      expect(PAST_AUTHENTICATION).toContain(await outcome(path, tokens.rest, {}));
      expect(PAST_AUTHENTICATION).toContain(await outcome(path, tokens.mcp, { credentialAudience: "mcp" }));
      expect(await outcome(path, tokens.mcp, {})).toBe("TOKEN_INVALID");
      expect(await outcome(path, tokens.rest, { credentialAudience: "mcp" })).toBe("TOKEN_INVALID");
    },
  );
});
