import type { z } from "zod";
import { validationError, type AppError } from "../../errors";

type Path = Array<string | number>;

interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): SchemaDef => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Wrappers whose input is their inner schema's. */
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "nonoptional", "catch"]);

/**
 * The fields of `value` that `schema` does not name, each as its path ("transactions", 17,
 * "amont"): an object schema that is not open (no catchall) knows only its shape's keys. zod's
 * plain objects drop unknown keys without a word, so a misspelt query parameter or body field
 * would be silently ignored; the REST and MCP entries refuse them instead (CONTRACT
 * "Strictness"). A union takes the option the value fits best; a transform's input cannot be
 * known, so nothing under it is reported.
 */
export function unknownFields(schema: z.ZodType, value: unknown, path: Path = []): Path[] {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return def.innerType ? unknownFields(def.innerType, value, path) : [];
  switch (def.type) {
    case "object": {
      if (!isPlainObject(value)) return [];
      const shape = def.shape ?? {};
      const open = def.catchall !== undefined && defOf(def.catchall).type !== "never";
      return Object.entries(value).flatMap(([key, field]) => {
        const known = Object.hasOwn(shape, key) ? shape[key] : undefined;
        if (known) return unknownFields(known, field, [...path, key]);
        return open ? [] : [[...path, key]];
      });
    }
    case "pipe": {
      // z.preprocess is a transform piped into the schema that reads its result: that one says which keys count.
      const side = def.in && defOf(def.in).type === "transform" ? def.out : def.in;
      return side ? unknownFields(side, value, path) : [];
    }
    case "array":
      return Array.isArray(value) && def.element
        ? value.flatMap((item, index) => unknownFields(def.element!, item, [...path, index]))
        : [];
    case "tuple":
      return Array.isArray(value)
        ? (def.items ?? []).flatMap((item, index) => unknownFields(item, value[index], [...path, index]))
        : [];
    case "record":
      return isPlainObject(value) && def.valueType
        ? Object.entries(value).flatMap(([key, field]) => unknownFields(def.valueType!, field, [...path, key]))
        : [];
    case "union": {
      let best: Path[] | null = null;
      for (const option of def.options ?? []) {
        const found = unknownFields(option, value, path);
        if (best === null || found.length < best.length) best = found;
        if (found.length === 0) break;
      }
      return best ?? [];
    }
    case "intersection": {
      // A key either side names is known.
      const left = def.left ? unknownFields(def.left, value, path) : [];
      const right = def.right ? unknownFields(def.right, value, path) : [];
      const rightKeys = new Set(right.map((found) => found.join("\u0000")));
      return left.filter((found) => rightKeys.has(found.join("\u0000")));
    }
    case "lazy":
      return def.getter ? unknownFields(def.getter(), value, path) : [];
    default:
      return [];
  }
}

/** 400 VALIDATION_FAILED naming each field or parameter the operation does not take. */
export function unknownFieldsError(
  paths: ReadonlyArray<Path>,
  message = "is not a parameter or field of this operation (see the API reference)",
): AppError {
  return validationError(paths.map((path) => ({ path, code: "unrecognized_key", message })));
}
