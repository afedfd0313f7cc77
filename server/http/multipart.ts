import { createHash, type Hash } from "node:crypto";
import { MultipartParser } from "formidable";
import { AppError, type ValidationIssue } from "../errors";
import { discardRest } from "./request-body";
import type { RestRequest } from "./rest-request";
import {
  contentDispositionOf,
  fieldReadingOf,
  fieldText,
  printable,
  receivedFileName,
  type FieldReading,
} from "./multipart-headers";

interface ReceivedFile {
  name: string;
  size: number;
  sha256: string;
  bytes: Buffer;
}

/** The form a multipart body must be: one file part and text fields, each at most once. */
export interface FormShape {
  /** The name of the part that carries the file, whatever its Content-Type and with or without a filename. */
  fileField: string;
  /** Text fields: text/* (UTF-8 unless a charset is named) or JSON, with or without a filename (fieldReadingOf). */
  textFields: readonly string[];
  maxFileBytes: number;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file?: ReceivedFile;
}

/** Bounds beside the file's own limit; docs/api.md ("Statement imports") states them. */
const MULTIPART_LIMITS = {
  /** Parts in one body: five times the four a form of ours can have. */
  maxParts: 20,
  /** Header bytes of one part (names and values). */
  maxPartHeaderBytes: 8 * 1024,
  /** Bytes of one text field. */
  maxFieldBytes: 64 * 1024,
  /** The whole body may be this much larger than the file: fields, part headers, boundaries. */
  bodyAllowanceBytes: 1024 * 1024,
} as const;

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

/**
 * Streams a multipart body through formidable's tokenizer (its MultipartParser) and decides what each
 * part is by its name alone: formidable's own IncomingForm takes a part with a Content-Type for a
 * file and one without for a field, and reports extra parts as 413 (a generated client's
 * `text/plain` account_id was a second file, answered "larger than 10 MiB"). A refusal is thrown at
 * once, while the client may still be sending (a 200 MB body is not read whole).
 */
export async function readMultipart(request: RestRequest, shape: FormShape): Promise<MultipartForm> {
  const boundary = boundaryOf(request.headers.get("content-type"));
  if (boundary === null || !request.body) {
    throw invalid(`the body must be multipart/form-data with a boundary and the parts ${partNames(shape)}`);
  }
  const maxBodyBytes = shape.maxFileBytes + MULTIPART_LIMITS.bodyAllowanceBytes;
  const bodyTooLarge = () => new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than ${mib(maxBodyBytes)}.`);
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBodyBytes) {
    void discardRest(request.body.getReader(), maxBodyBytes);
    throw bodyTooLarge();
  }

  const form = new FormReader(shape);
  const tokenizer = new PartTokenizer(boundary, (event) => form.take(event));
  const reader = request.body.getReader();
  try {
    for (let received = 0; ;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBodyBytes) throw bodyTooLarge();
      await tokenizer.feed(value);
    }
    await tokenizer.finish();
  } catch (error) {
    void discardRest(reader, maxBodyBytes);
    if (error instanceof AppError) throw error;
    throw invalid(
      "the multipart body is malformed (it does not follow the boundary of its Content-Type, or it ends early)",
    );
  }
  return form.result();
}

function boundaryOf(contentType: string | null): string | null {
  const match = /^multipart\/form-data\s*;(?:.*;)?\s*boundary=(?:"([^"]{1,70})"|([^;\s"]{1,70}))\s*(?:;|$)/i.exec(
    contentType ?? "",
  );
  return match ? (match[1] ?? match[2])! : null;
}

/**
 * formidable's tokenizer, handing each event to `onEvent` while the chunk is written: nothing is
 * queued, so a refusal comes with the chunk that causes it.
 */
class PartTokenizer extends MultipartParser {
  constructor(
    boundary: string,
    private readonly onEvent: (event: ParserEvent) => void,
  ) {
    super();
    this.initWithBoundary(boundary);
    // Failures arrive through the callbacks of write() and end().
    this.on("error", () => {});
  }

  override _handleCallback(name: string, buffer?: Buffer, start?: number, end?: number): void {
    if (start !== undefined && start === end) return;
    this.onEvent({ name: name as ParserEvent["name"], buffer, start, end });
  }

  feed(chunk: Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => this.write(chunk, (error) => (error ? reject(error) : resolve())));
  }

  finish(): Promise<void> {
    return new Promise((resolve, reject) => this.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
}

interface ParserEvent {
  name: "partBegin" | "headerField" | "headerValue" | "headerEnd" | "headersEnd" | "partData" | "partEnd" | "end";
  buffer?: Buffer;
  start?: number;
  end?: number;
}

interface Part {
  number: number;
  headerBytes: number;
  headerField: Buffer[];
  headerValue: Buffer[];
  headers: Map<string, string>;
  role?: "file" | "field" | "ignored";
  name: string;
  filename?: string;
  size: number;
  chunks: Buffer[];
  hash?: Hash;
  reading?: FieldReading;
}

/** Turns the tokenizer's events into the form, refusing what the shape does not allow. */
class FormReader {
  private readonly fields: Record<string, string> = {};
  private file?: ReceivedFile;
  /** Parts no field of the form is named as: their name as sent, and as shown. */
  private readonly unexpected = new Map<string, string>();
  /** Each problem of the form: its words in the message, and its issue (the field by its name as sent). */
  private readonly problems: Problem[] = [];
  private parts = 0;
  private part?: Part;

  constructor(private readonly shape: FormShape) {}

  take({ name, buffer, start, end }: ParserEvent): void {
    const bytes = buffer ? buffer.subarray(start, end) : Buffer.alloc(0);
    const part = this.part;
    if (name === "partBegin") this.begin();
    else if (!part) return;
    else if (name === "headerField" || name === "headerValue") this.addHeaderBytes(part, name, bytes);
    else if (name === "headerEnd") this.headerEnd(part);
    else if (name === "headersEnd") this.classify(part);
    else if (name === "partData") this.data(part, bytes);
    else if (name === "partEnd") this.finish(part);
  }

  result(): MultipartForm {
    if (this.unexpected.size > 0)
      this.problems.push({
        text: `unexpected fields: ${[...this.unexpected.values()].join(", ")}`,
        issues: [...this.unexpected.keys()].map((name) => ({
          path: [name],
          code: "unrecognized_key",
          message: `not a field of this form (expected ${partNames(this.shape)})`,
        })),
      });
    if (this.problems.length > 0) throw invalidForm(this.problems);
    return { fields: this.fields, file: this.file };
  }

  private begin(): void {
    this.parts += 1;
    if (this.parts > MULTIPART_LIMITS.maxParts) {
      throw invalid(`the form has more than ${MULTIPART_LIMITS.maxParts} parts (expected ${partNames(this.shape)})`);
    }
    this.part = {
      number: this.parts,
      headerBytes: 0,
      headerField: [],
      headerValue: [],
      headers: new Map(),
      name: "",
      size: 0,
      chunks: [],
    };
  }

  private addHeaderBytes(part: Part, kind: "headerField" | "headerValue", bytes: Buffer): void {
    part.headerBytes += bytes.length;
    if (part.headerBytes > MULTIPART_LIMITS.maxPartHeaderBytes) {
      throw invalid(`the headers of part ${part.number} are longer than ${MULTIPART_LIMITS.maxPartHeaderBytes} bytes`);
    }
    (kind === "headerField" ? part.headerField : part.headerValue).push(Buffer.from(bytes));
  }

  private headerEnd(part: Part): void {
    const field = Buffer.concat(part.headerField).toString("latin1").toLowerCase();
    if (!part.headers.has(field)) part.headers.set(field, Buffer.concat(part.headerValue).toString("utf8"));
    part.headerField = [];
    part.headerValue = [];
  }

  private classify(part: Part): void {
    const { name, filename } = contentDispositionOf(part.headers.get("content-disposition"));
    part.name = name ?? "";
    part.filename = filename;
    const encoding = part.headers.get("content-transfer-encoding")?.trim().toLowerCase();
    const label = printable(part.name) || "(unnamed part)";
    if (encoding && !["binary", "7bit", "8bit"].includes(encoding)) {
      throw invalidForm([
        fieldProblem(
          part.name,
          label,
          `Content-Transfer-Encoding ${printable(encoding)} is not supported; send the bytes as they are`,
        ),
      ]);
    }
    if (part.name === this.shape.fileField) {
      if (this.file) throw invalidForm([...this.problems, fieldProblem(part.name, label, "send exactly one file")]);
      part.role = "file";
      part.hash = createHash("sha256");
    } else if (this.shape.textFields.includes(part.name)) {
      const reading = fieldReadingOf(part.headers.get("content-type"));
      if (part.name in this.fields) {
        this.problems.push(fieldProblem(part.name, label, "sent more than once"));
        part.role = "ignored";
      } else if ("problem" in reading) {
        this.problems.push(fieldProblem(part.name, label, reading.problem));
        part.role = "ignored";
      } else {
        part.role = "field";
        part.reading = reading;
      }
    } else {
      this.unexpected.set(part.name, label);
      part.role = "ignored";
    }
  }

  private data(part: Part, bytes: Buffer): void {
    if (part.role === "ignored" || bytes.length === 0) return;
    part.size += bytes.length;
    if (part.role === "file") {
      const limit = this.shape.maxFileBytes;
      if (part.size > limit) throw new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${mib(limit)}.`);
      part.hash!.update(bytes);
    } else if (part.size > MULTIPART_LIMITS.maxFieldBytes) {
      throw invalidForm([
        fieldProblem(part.name, printable(part.name), `longer than ${MULTIPART_LIMITS.maxFieldBytes} bytes`),
      ]);
    }
    part.chunks.push(Buffer.from(bytes));
  }

  private finish(part: Part): void {
    if (part.role === "file") {
      const bytes = Buffer.concat(part.chunks, part.size);
      this.file = { name: receivedFileName(part.filename), size: part.size, sha256: part.hash!.digest("hex"), bytes };
    } else if (part.role === "field") {
      this.fields[part.name] = fieldText(Buffer.concat(part.chunks), part.reading!);
    }
    this.part = undefined;
  }
}

const partNames = (shape: FormShape) => [shape.fileField, ...shape.textFields].join(", ");

interface Problem {
  text: string;
  issues: ValidationIssue[];
}

/** A problem of one field: "label: message" in the message, the field's name as sent as the issue's path. */
function fieldProblem(name: string, label: string, message: string): Problem {
  return { text: `${label}: ${message}`, issues: [{ path: [name], code: "custom", message }] };
}

function invalidForm(problems: readonly Problem[]): AppError {
  return new AppError(
    "VALIDATION_FAILED",
    `Validation failed: ${problems.map(({ text }) => text).join("; ")}`,
    {},
    problems.flatMap(({ issues }) => issues),
  );
}

function invalid(problem: string): AppError {
  return new AppError("VALIDATION_FAILED", `Validation failed: ${problem}`);
}
