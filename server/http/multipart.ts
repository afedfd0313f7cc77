import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import formidable from "formidable";
import { AppError } from "../errors";

export interface ReceivedFile {
  name: string;
  size: number;
  sha256: string;
  bytes: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, ReceivedFile>;
}

/**
 * Streams a multipart body through formidable into a private temp directory: a file over
 * `maxFileBytes` stops the stream at once (413) instead of being read whole. Temp files are
 * removed before returning.
 */
export async function readMultipart(request: Request, { maxFileBytes }: { maxFileBytes: number }): Promise<MultipartForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    throw new AppError("VALIDATION_FAILED", "Validation failed: the body must be multipart/form-data with the fields account_id and file");
  }
  const uploadDir = await mkdtemp(path.join(tmpdir(), "pfa-upload-"));
  const stream = Readable.fromWeb(request.body as unknown as WebReadableStream) as Readable & { headers: Record<string, string> };
  stream.headers = Object.fromEntries(request.headers.entries());
  const form = formidable({
    uploadDir,
    maxFileSize: maxFileBytes,
    maxTotalFileSize: maxFileBytes,
    maxFiles: 1,
    maxFields: 10,
    maxFieldsSize: 64 * 1024,
    allowEmptyFiles: true,
    minFileSize: 0,
  });
  try {
    const [fields, files] = await form.parse(stream as never);
    const result: MultipartForm = { fields: {}, files: {} };
    for (const [name, values] of Object.entries(fields)) if (values?.[0] !== undefined) result.fields[name] = values[0];
    for (const [name, list] of Object.entries(files)) {
      const file = list?.[0];
      if (!file) continue;
      const bytes = await readFile(file.filepath);
      result.files[name] = {
        name: file.originalFilename ?? "statement",
        size: bytes.length,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        bytes,
      };
    }
    return result;
  } catch (error) {
    const code = (error as { httpCode?: number }).httpCode;
    if (code === 413) {
      throw new AppError("PAYLOAD_TOO_LARGE", `The statement file is larger than ${Math.round(maxFileBytes / 1024 / 1024)} MiB.`);
    }
    if (error instanceof AppError) throw error;
    throw new AppError("VALIDATION_FAILED", `Validation failed: the multipart body could not be read (${(error as Error).message})`);
  } finally {
    await rm(uploadDir, { recursive: true, force: true });
  }
}
