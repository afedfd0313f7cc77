import { z } from "zod";

export interface FileField {
  key: string;
  /** The schema's max() in bytes. */
  maxBytes: number;
}

/**
 * The z.file() fields of a procedure's input object (the statement upload's `file`): REST reads
 * them from a multipart body, MCP takes them as text or base64 beside a file name.
 */
export function fileFieldsOf(input: unknown): FileField[] {
  if (!(input instanceof z.ZodObject)) return [];
  return Object.entries(input.shape as Record<string, z.ZodType>).flatMap(([key, field]) => {
    const inner = field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field;
    if (inner._zod.def.type !== "file") return [];
    const { maxLength } = z.toJSONSchema(inner) as { maxLength?: number };
    if (maxLength === undefined) throw new Error(`the file field ${key} needs a max()`);
    return [{ key, maxBytes: maxLength }];
  });
}
