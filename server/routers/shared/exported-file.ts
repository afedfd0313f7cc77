import { z } from "zod";

/**
 * A file an operation answers (meta `file`): on REST the handler sends its bytes with its media
 * type and file name (rest-handler.ts); the dashboard's tRPC gets this object and saves the bytes.
 */
export const exportedFile = z.object({
  filename: z.string().describe("The file's name, e.g. transactions-2026-11-28.csv."),
  media_type: z.string().describe("Its media type: text/csv; charset=utf-8, or the XLSX type."),
  rows: z.number().int().describe("How many data rows it holds (the header not counted)."),
  content_base64: z.string().describe("The file's bytes in base64."),
});

export type ExportedFileAnswer = z.infer<typeof exportedFile>;
