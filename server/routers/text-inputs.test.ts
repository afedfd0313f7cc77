import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { authenticateSession } from "../domain/identity/authenticate";
import { createCredential } from "../domain/identity/credentials";
import { SCOPES } from "../domain/identity/scopes";
import { toAppError } from "../errors";
import { createTestSession, createTestWorkspace, useTestDatabase } from "../testing/fixtures";
import { createContext, type Meta } from "../trpc/context";
import { appRouter, createCaller } from "./index";

/**
 * Every string field of every procedure's input, REST and dashboard alike, refuses NUL with 400
 * naming the field: found by walking the input schemas, so a procedure added later is covered
 * without anyone remembering to.
 */
interface ProcedureDef {
  _def: { inputs: z.ZodType[]; meta?: Meta; type: "query" | "mutation" | "subscription" };
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** Dotted paths of every string in a JSON schema ("tags.0" for an array's items). */
function stringPaths(schema: JsonSchema, prefix: string[] = [], depth = 0): string[][] {
  if (depth > 8) return [];
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const paths: string[][] = types.includes("string") ? [prefix] : [];
  for (const [key, property] of Object.entries(schema.properties ?? {}))
    paths.push(...stringPaths(property, [...prefix, key], depth + 1));
  if (schema.items) paths.push(...stringPaths(schema.items, [...prefix, "0"], depth + 1));
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    paths.push(...stringPaths(option, prefix, depth + 1));
  }
  return paths;
}

/** An input holding `value` at `path` and nothing else (the check runs before the schema). */
function inputWith(path: string[], value: string): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return head === "0" ? [inputWith(rest, value)] : { [head!]: inputWith(rest, value) };
}

function inputSchema(procedure: ProcedureDef): JsonSchema | null {
  const [schema] = procedure._def.inputs;
  if (!schema) return null;
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

const db = useTestDatabase();
const tokens: Record<"none" | "session" | "pat", string | null> = { none: null, session: null, pat: null };

beforeAll(async () => {
  tokens.session = await createTestSession(await createTestWorkspace(db));
  const caller = await authenticateSession(db, tokens.session);
  tokens.pat = (
    await createCredential(db, caller, {
      name: "everything",
      audience: "programmatic_api",
      scopes: [...SCOPES],
      expiresInDays: 1,
    })
  ).token;
});

function callerFor(auth: "none" | "session" | "pat") {
  const headers = new Headers({ "idempotency-key": "text-inputs-check-0001" });
  if (tokens[auth]) headers.set("authorization", `Bearer ${tokens[auth]}`);
  return createCaller(createContext({ db, requestId: "test", headers }));
}

function procedureAt(caller: unknown, dottedName: string): (input: unknown) => Promise<unknown> {
  return dottedName.split(".").reduce((node: any, key) => node[key], caller) as (input: unknown) => Promise<unknown>;
}

describe("control characters in any procedure's input", () => {
  const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>);
  const cases = procedures.flatMap(([name, procedure]) => {
    const schema = inputSchema(procedure);
    return schema
      ? stringPaths(schema)
          .filter((path) => path.length > 0)
          .map((path) => ({ name, procedure, path }))
      : [];
  });

  it("finds the string fields of the service's inputs (the walk is not empty)", () => {
    expect(new Set(cases.map(({ name }) => name)).size).toBeGreaterThan(40);
    expect(cases.length).toBeGreaterThan(150);
  });

  it("answers every one of them with 400 VALIDATION_FAILED naming the field", async () => {
    const accepted: string[] = [];
    for (const { name, procedure, path } of cases) {
      const auth = procedure._def.meta?.auth ?? "none";
      const error = await procedureAt(
        callerFor(auth),
        name,
      )(inputWith(path, "a\u0000b")).then(
        () => null,
        (caught: unknown) => caught,
      );
      const field = path.join(".");
      const appError = error instanceof TRPCError ? toAppError(error) : null;
      if (
        appError?.code !== "VALIDATION_FAILED" ||
        !appError.message.includes(`${field}: must not contain control characters`)
      ) {
        accepted.push(`${name} ${field}: ${appError ? `${appError.code} ${appError.message}` : String(error)}`);
      }
    }
    expect(accepted).toEqual([]);
  });
});
