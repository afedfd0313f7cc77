/**
 * trpc-to-openapi turns on zod's coercion for every number, boolean, bigint and date field of an
 * operation's input on each request, JSON bodies included, and it does so on the shared schema
 * objects (so the dashboard's and the MCP server's calls would coerce too). Coercion is right for
 * a query string, where every value arrives as text, and wrong for a JSON body: Boolean("false")
 * is true, so `{"skip_duplicates": "false"}` would book the duplicates. Pinning each such field's
 * coercion to what its schema declares keeps a JSON body strict: a string where a boolean belongs
 * is a 400 naming the field.
 */
type ZodLike = { _zod?: { def: ZodDef } };
type ZodDef = {
  type: string;
  coerce?: boolean;
  shape?: Record<string, ZodLike>;
  innerType?: ZodLike;
  element?: ZodLike;
  in?: ZodLike;
  options?: ZodLike[];
};

const COERCIBLE = new Set(["number", "boolean", "bigint", "date"]);

/** Definitions already pinned (several REST handlers may share a router's schemas). */
const pinned = new WeakSet<ZodDef>();

/** Pins the coercion of every coercible field reachable from `schema` (objects, wrappers, arrays, unions, pipes). */
export function pinBodyCoercion(schema: unknown, seen = new Set<unknown>()): void {
  const def = (schema as ZodLike | undefined)?._zod?.def;
  if (!def || seen.has(def)) return;
  seen.add(def);
  if (COERCIBLE.has(def.type)) {
    if (pinned.has(def)) return;
    pinned.add(def);
    const declared = def.coerce ?? false;
    Object.defineProperty(def, "coerce", { get: () => declared, set: () => undefined, configurable: false });
    return;
  }
  const children = [...Object.values(def.shape ?? {}), def.innerType, def.element, def.in, ...(def.options ?? [])];
  for (const child of children) pinBodyCoercion(child, seen);
}
