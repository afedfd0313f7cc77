import { describe, expect, it } from "vitest";
import { z } from "zod";
import { refusal } from "./multipart-testing";
import { procedureEntries } from "../routers";
import { fileFieldsOf } from "../routers/shared/file-fields";
import { formShapeOf } from "./form-operation";
import { readMultipart, type FormShape } from "./multipart";

/**
 * A field is a field however it is sent: generated clients (openapi-python-client through httpx,
 * NSwag, OpenAPI Generator) send each one as its own part with `Content-Type: text/plain` and no
 * filename. formidable took every part with a Content-Type for a file and answered the second
 * "file" with 413: these tests hold the reader to every field of every multipart operation.
 */

const MiB = 1024 * 1024;
const CSV = "Date,Description,Amount\r\n2026-11-20,Coffee,-3.50\r\n";

type Part = { headers: string[]; body: string | Buffer };

function multipart(parts: Part[], boundary = "5c1d9e8a0b7f4e3d"): Request {
  const chunks = parts.flatMap(({ headers, body }) => [
    `--${boundary}\r\n${headers.join("\r\n")}\r\n\r\n`,
    body,
    "\r\n",
  ]);
  const bytes = Buffer.concat([...chunks, `--${boundary}--\r\n`].map((chunk) => Buffer.from(chunk)));
  return new Request("http://localhost/upload", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body: bytes,
  });
}

const field = (name: string, value: string | Buffer, contentType?: string): Part => ({
  headers: [`Content-Disposition: form-data; name="${name}"`, ...(contentType ? [`Content-Type: ${contentType}`] : [])],
  body: value,
});
const file = (body: string | Buffer, filename = "statement.csv", contentType = "text/csv"): Part => ({
  headers: [`Content-Disposition: form-data; name="file"; filename="${filename}"`, `Content-Type: ${contentType}`],
  body,
});

/** Every procedure whose input has a z.file(): the operations REST and the dashboard read as multipart forms. */
const FORMS = procedureEntries()
  .filter((entry) => fileFieldsOf(entry.inputs[0]).length > 0)
  .map((entry) => ({ path: entry.path, shape: formShapeOf(entry.inputs[0] as z.ZodType) }));

const UPLOAD_SHAPE = FORMS.find((form) => form.path === "imports.create")!.shape;

describe("multipart fields sent as text/plain parts (openapi-python-client's way)", () => {
  it("finds the multipart operations, the upload among them, with their fields", () => {
    expect(FORMS.map((form) => form.path)).toContain("imports.create");
    expect(UPLOAD_SHAPE).toEqual({
      fileField: "file",
      textFields: ["account_id", "amount_semantics", "parse_options"],
      maxFileBytes: 10 * MiB,
    });
  });

  it.each(FORMS)(
    "$path: reads every field sent as its own text/plain part, and the file stays the file",
    async ({ shape }) => {
      const values = Object.fromEntries(shape.textFields.map((name) => [name, `${name}: März 1 €`]));
      const parts = shape.textFields.map((name) => field(name, values[name]!, "text/plain"));
      const form = await readMultipart(multipart([...parts, file(CSV)]), shape);
      expect(form.fields).toEqual(values);
      expect(form.file).toMatchObject({ name: "statement.csv", size: CSV.length });
    },
  );

  it.each(FORMS)("$path: reads each field alone as text/plain beside plain ones", async ({ shape }) => {
    for (const name of shape.textFields) {
      const parts = shape.textFields.map((other) =>
        field(other, `value of ${other}`, other === name ? "text/plain" : undefined),
      );
      const form = await readMultipart(multipart([file(CSV), ...parts]), shape);
      expect([name, form.fields]).toEqual([
        name,
        Object.fromEntries(shape.textFields.map((other) => [other, `value of ${other}`])),
      ]);
    }
  });

  it("reads the charset the part names, UTF-8 when it names none", async () => {
    const cases: Array<[string, Buffer]> = [
      ["text/plain", Buffer.from("März")],
      ["text/plain; charset=utf-8", Buffer.from("März")],
      ["text/plain;charset=UTF-8", Buffer.from("März")],
      ['text/plain; charset="utf-8"', Buffer.from("März")],
      ["TEXT/PLAIN; Charset=UTF-8", Buffer.from("März")],
      ["text/plain; format=flowed; charset=utf-8", Buffer.from("März")],
      ["text/plain; charset=utf-8", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("März")])],
      ["text/plain; charset=iso-8859-1", Buffer.from("März", "latin1")],
      ["text/plain; charset=utf-16le", Buffer.from("März", "utf16le")],
    ];
    for (const [contentType, bytes] of cases) {
      const form = await readMultipart(
        multipart([field("amount_semantics", bytes, contentType), file(CSV)]),
        UPLOAD_SHAPE,
      );
      expect([contentType, form.fields.amount_semantics]).toEqual([contentType, "März"]);
    }
  });

  it("reads any text/* type as text, and a JSON string sent as JSON as that string", async () => {
    const form = await readMultipart(
      multipart([
        field("account_id", "6f1c2a9e-3b4d-4c5e-8f70-0a1b2c3d4e5f", "text/csv"),
        field("amount_semantics", '"split_columns"', "application/json; charset=utf-8"),
        field("parse_options", '{"delimiter":";"}', "application/json"),
        file(CSV),
      ]),
      UPLOAD_SHAPE,
    );
    expect(form.fields).toEqual({
      account_id: "6f1c2a9e-3b4d-4c5e-8f70-0a1b2c3d4e5f",
      amount_semantics: "split_columns",
      parse_options: '{"delimiter":";"}',
    });
  });

  it("refuses a field sent as bytes (not text/* or JSON) or in an unknown charset with 400 naming it", async () => {
    const sent = (contentType: string) => multipart([field("account_id", "x", contentType), file(CSV)]);
    for (const contentType of ["application/octet-stream", "image/png", "application/x-www-form-urlencoded"]) {
      expect(await refusal(readMultipart(sent(contentType), UPLOAD_SHAPE))).toEqual({
        status: 400,
        code: "VALIDATION_FAILED",
        message: `Validation failed: account_id: sent as ${contentType}; send a field as text (text/plain) or as JSON (application/json)`,
      });
    }
    expect(await refusal(readMultipart(sent("text/plain; charset=klingon"), UPLOAD_SHAPE))).toEqual({
      status: 400,
      code: "VALIDATION_FAILED",
      message: "Validation failed: account_id: charset klingon is not supported; send the field as UTF-8",
    });
    const two = multipart([
      field("account_id", "x", "image/png"),
      field("parse_options", "{}", "application/pdf"),
      file(CSV),
    ]);
    expect((await refusal(readMultipart(two, UPLOAD_SHAPE))).message).toBe(
      "Validation failed: account_id: sent as image/png; send a field as text (text/plain) or as JSON (application/json); " +
        "parse_options: sent as application/pdf; send a field as text (text/plain) or as JSON (application/json)",
    );
  });

  it("keeps a file part with a filename the file, whatever its Content-Type, text/plain included", async () => {
    for (const contentType of ["text/plain", "text/plain; charset=utf-8", "application/octet-stream"]) {
      const form = await readMultipart(
        multipart([field("account_id", "a", "text/plain"), file(CSV, "notes.txt", contentType)]),
        UPLOAD_SHAPE,
      );
      expect([contentType, form.fields, form.file?.name, form.file?.bytes.toString()]).toEqual([
        contentType,
        { account_id: "a" },
        "notes.txt",
        CSV,
      ]);
    }
  });
});

describe("the limits with text/plain fields", () => {
  it("never answers 413 to a small body of text/plain parts, however many", async () => {
    const shape: FormShape = UPLOAD_SHAPE;
    const fields = shape.textFields.map((name) => field(name, "x", "text/plain"));
    expect(await readMultipart(multipart([...fields, file(CSV)]), shape)).toMatchObject({
      fields: { account_id: "x" },
    });
    const extra = Array.from({ length: 12 }, (_, i) => field(`note_${i}`, "x", "text/plain"));
    const refused = await refusal(readMultipart(multipart([...fields, ...extra, file(CSV)]), shape));
    expect([refused.status, refused.code]).toEqual([400, "VALIDATION_FAILED"]);
    expect(refused.message).toMatch(/^Validation failed: unexpected fields: note_0, note_1, /);
  });

  it("still answers 413 as soon as the file passes 10 MiB, text/plain fields before it", async () => {
    const head = Buffer.from(
      `--b\r\nContent-Disposition: form-data; name="account_id"\r\nContent-Type: text/plain\r\n\r\nx\r\n` +
        `--b\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/plain\r\n\r\n`,
    );
    let sent = 0;
    const filler = Buffer.alloc(64 * 1024, 65);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = sent === 0 ? head : filler;
        sent += next.length;
        if (sent > 40 * MiB) return controller.close();
        controller.enqueue(new Uint8Array(next));
      },
    });
    const request = new Request("http://localhost/upload", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=b" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(await refusal(readMultipart(request, UPLOAD_SHAPE))).toEqual({
      status: 413,
      code: "PAYLOAD_TOO_LARGE",
      message: "The file is larger than 10 MiB.",
    });
    expect(sent).toBeLessThan(10.5 * MiB);
  });
});
