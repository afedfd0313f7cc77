import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { AppError } from "../errors";
import { refusal } from "./multipart-testing";
import { type FormShape, readMultipart } from "./multipart";

const MiB = 1024 * 1024;
const SHAPE: FormShape = { fileField: "file", textFields: ["account_id", "amount_semantics"], maxFileBytes: 10 * MiB };
const ACCOUNT = "6f1c2a9e-3b4d-4c5e-8f70-0a1b2c3d4e5f";
const CSV = "Date,Description,Amount\r\n2026-11-20,Coffee,-3.50\r\n";
const sha256 = (text: string | Buffer) => createHash("sha256").update(text).digest("hex");

function post(body: BodyInit, contentType: string, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/upload", {
    method: "POST",
    headers: { "content-type": contentType, ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}

/** A body built from parts as `boundary`-delimited text (each part: its header lines, then its bytes). */
function multipart(boundary: string, parts: Array<{ headers: string[]; body: string | Buffer }>): Request {
  const chunks = parts.flatMap(({ headers, body }) => [
    `--${boundary}\r\n${headers.join("\r\n")}\r\n\r\n`,
    body,
    "\r\n",
  ]);
  const bytes = Buffer.concat([...chunks, `--${boundary}--\r\n`].map((chunk) => Buffer.from(chunk)));
  return post(bytes, `multipart/form-data; boundary=${boundary}`);
}

const field = (name: string, value: string, ...headers: string[]) => ({
  headers: [`Content-Disposition: form-data; name="${name}"`, ...headers],
  body: value,
});
const filePart = (body: string | Buffer, filename = "statement.csv") => ({
  headers: [`Content-Disposition: form-data; name="file"; filename="${filename}"`, "Content-Type: text/csv"],
  body,
});

/** A body produced lazily: `total` bytes of `head`, then filler; `pulled()` tells how much was read. */
function lazyBody(head: Buffer, total: number) {
  let sent = 0;
  let cancelled = false;
  const chunk = Buffer.alloc(64 * 1024, 65);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const next = sent < head.length ? head.subarray(sent, sent + chunk.length) : chunk;
      sent += next.length;
      controller.enqueue(new Uint8Array(next));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, pulled: () => sent, cancelled: () => cancelled };
}

describe("readMultipart: what ordinary clients send", () => {
  it("reads Python requests' files={'file': open(...)} with data={'account_id': ...} (a file part without Content-Type)", async () => {
    // Captured from requests 2.34.2 / urllib3 2.7.0 against a local echo server.
    const boundary = "f43c451e86bb1df81dc2b4a5f06b0d2b";
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="account_id"\r\n\r\n${ACCOUNT}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.csv"\r\n\r\n${CSV}\r\n` +
      `--${boundary}--\r\n`;
    const form = await readMultipart(post(body, `multipart/form-data; boundary=${boundary}`), SHAPE);
    expect(form.fields).toEqual({ account_id: ACCOUNT });
    expect(form.file).toMatchObject({ name: "statement.csv", size: CSV.length, sha256: sha256(CSV) });
    expect(form.file!.bytes.toString("utf8")).toBe(CSV);
  });

  it("reads curl -F 'file=@statement.csv' -F account_id=... (file first, application/octet-stream)", async () => {
    // Captured from curl 7.88.1.
    const boundary = "------------------------80ccc2aa37416332";
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.csv"\r\nContent-Type: application/octet-stream\r\n\r\n${CSV}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="account_id"\r\n\r\n${ACCOUNT}\r\n` +
      `--${boundary}--\r\n`;
    const form = await readMultipart(post(body, `multipart/form-data; boundary=${boundary}`), SHAPE);
    expect(form.fields).toEqual({ account_id: ACCOUNT });
    expect(form.file).toMatchObject({ name: "statement.csv", sha256: sha256(CSV) });
  });

  it("reads a browser's FormData (undici's), file name with quotes and umlauts included", async () => {
    const form = new FormData();
    form.set("account_id", ACCOUNT);
    form.set("amount_semantics", "split_columns");
    const bytes = Buffer.concat([Buffer.from(CSV), Buffer.from([0xe4, 0x00, 0xff])]);
    form.set("file", new Blob([new Uint8Array(bytes)], { type: "text/csv" }), 'Konto "März".csv');
    const read = await readMultipart(new Request("http://localhost/upload", { method: "POST", body: form }), SHAPE);
    expect(read.fields).toEqual({ account_id: ACCOUNT, amount_semantics: "split_columns" });
    expect(read.file).toMatchObject({ name: 'Konto "März".csv', size: bytes.length, sha256: sha256(bytes) });
  });

  it("reads openapi-python-client's httpx body: text/plain fields and a file part without a filename", async () => {
    // httpx renders (None, value, "text/plain") as a part with Content-Type and no filename.
    const request = multipart("9a1f3c5e7b2d4f6081a3c5e7b9d1f2a4", [
      field("account_id", ACCOUNT, "Content-Type: text/plain"),
      field("amount_semantics", "signed_debit_negative", "Content-Type: text/plain"),
      field("file", CSV),
    ]);
    const form = await readMultipart(request, SHAPE);
    expect(form.fields).toEqual({ account_id: ACCOUNT, amount_semantics: "signed_debit_negative" });
    expect(form.file).toMatchObject({ name: "statement", sha256: sha256(CSV) });
  });

  it("reads a field sent as a file part (filename, application/json) as its text", async () => {
    const request = multipart("b0", [
      {
        headers: [
          'Content-Disposition: form-data; name="account_id"; filename="blob"',
          "Content-Type: application/json",
        ],
        body: `"${ACCOUNT}"`,
      },
      filePart(CSV),
    ]);
    expect((await readMultipart(request, SHAPE)).fields).toEqual({ account_id: ACCOUNT });
  });

  it("drops control characters from the file name, keeps its last path segment, prefers filename*", async () => {
    const named = (filename: Buffer) =>
      multipart("b1", [
        {
          headers: [`Content-Disposition: form-data; name="file"; filename="${filename.toString("latin1")}"`],
          body: CSV,
        },
      ]);
    const nul = Buffer.from("jan\u0000uary\u001b\u007f.csv", "latin1");
    expect((await readMultipart(named(nul), SHAPE)).file!.name).toBe("january.csv");
    expect((await readMultipart(named(Buffer.from("C:\\Users\\me\\june.csv")), SHAPE)).file!.name).toBe("june.csv");
    expect((await readMultipart(named(Buffer.from("\u0000\u0001")), SHAPE)).file!.name).toBe("statement");
    const extended = multipart("b1", [
      {
        headers: [
          `Content-Disposition: form-data; name="file"; filename="Maerz.csv"; filename*=UTF-8''M%C3%A4rz%00.csv`,
        ],
        body: CSV,
      },
    ]);
    expect((await readMultipart(extended, SHAPE)).file!.name).toBe("März.csv");
  });
});

describe("readMultipart: refusals", () => {
  it("refuses a second file part, naming file", async () => {
    const request = multipart("b2", [field("account_id", ACCOUNT), filePart(CSV), filePart(CSV, "again.csv")]);
    expect(await refusal(readMultipart(request, SHAPE))).toEqual({
      status: 400,
      code: "VALIDATION_FAILED",
      message: "Validation failed: file: send exactly one file",
    });
  });

  it("refuses unknown and repeated fields, naming them, also past ten fields", async () => {
    const extra = Array.from({ length: 11 }, (_, i) => field(`note_${i + 1}`, "x"));
    const request = multipart("b3", [
      field("account_id", ACCOUNT),
      field("account_id", ACCOUNT),
      ...extra,
      filePart(CSV),
    ]);
    const names = extra.map((_, i) => `note_${i + 1}`).join(", ");
    expect(await refusal(readMultipart(request, SHAPE))).toEqual({
      status: 400,
      code: "VALIDATION_FAILED",
      message: `Validation failed: account_id: sent more than once; unexpected fields: ${names}`,
    });
    // Each problem is an issue of its own, the field by the name it was sent as.
    const again = multipart("b3", [
      field("account_id", ACCOUNT),
      field("account_id", ACCOUNT),
      ...extra,
      filePart(CSV),
    ]);
    const error = (await readMultipart(again, SHAPE).catch((caught: unknown) => caught)) as AppError;
    expect(error.issues.map(({ path, code }) => [path.join("."), code])).toEqual([
      ["account_id", "custom"],
      ...extra.map((_, i) => [`note_${i + 1}`, "unrecognized_key"]),
    ]);
  });

  it("answers 10,000 tiny fields with 400 after the first parts, without reading the rest", async () => {
    const boundary = "b4";
    const head = Buffer.from(
      Array.from(
        { length: 10_000 },
        (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`,
      ).join(""),
    );
    const body = lazyBody(head, head.length);
    const started = Date.now();
    const refused = await refusal(readMultipart(post(body.stream, `multipart/form-data; boundary=${boundary}`), SHAPE));
    expect(refused).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
    expect(refused.message).toBe(
      "Validation failed: the form has more than 20 parts (expected file, account_id, amount_semantics)",
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("refuses a file over 10 MiB with 413 as soon as it passes the limit, and hangs up on a 200 MB body", async () => {
    const boundary = "b5";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n\r\n`,
    );
    const body = lazyBody(head, 200 * MiB);
    const refused = await refusal(readMultipart(post(body.stream, `multipart/form-data; boundary=${boundary}`), SHAPE));
    expect(refused).toEqual({ status: 413, code: "PAYLOAD_TOO_LARGE", message: "The file is larger than 10 MiB." });
    expect(body.pulled()).toBeLessThan(10.5 * MiB);
    await expect.poll(() => body.cancelled()).toBe(true);
    expect(body.pulled()).toBeLessThan(22 * MiB);
  });

  it("refuses a body over 11 MiB with 413, before reading it when Content-Length says so", async () => {
    const declared = lazyBody(Buffer.alloc(0), 200 * MiB);
    const request = post(declared.stream, "multipart/form-data; boundary=b6", { "content-length": String(200 * MiB) });
    expect(await refusal(readMultipart(request, SHAPE))).toEqual({
      status: 413,
      code: "PAYLOAD_TOO_LARGE",
      message: "The request body is larger than 11 MiB.",
    });
    expect(declared.pulled()).toBeLessThan(1 * MiB);

    const ignoredPart = Buffer.from(`--b7\r\nContent-Disposition: form-data; name="padding"\r\n\r\n`);
    const padded = lazyBody(ignoredPart, 12 * MiB);
    const refused = await refusal(readMultipart(post(padded.stream, "multipart/form-data; boundary=b7"), SHAPE));
    expect([refused.status, refused.message]).toEqual([413, "The request body is larger than 11 MiB."]);
  });

  it("refuses part headers over 8 KiB and a text field over 64 KiB with 400", async () => {
    const longHeader = multipart("b8", [field("account_id", ACCOUNT, `X-Padding: ${"p".repeat(9000)}`)]);
    expect(await refusal(readMultipart(longHeader, SHAPE))).toMatchObject({
      status: 400,
      message: "Validation failed: the headers of part 1 are longer than 8192 bytes",
    });
    const longField = multipart("b9", [field("amount_semantics", "s".repeat(70_000))]);
    expect(await refusal(readMultipart(longField, SHAPE))).toMatchObject({
      status: 400,
      message: "Validation failed: amount_semantics: longer than 65536 bytes",
    });
  });

  it("refuses a body that is not multipart or does not follow its boundary", async () => {
    const json = await refusal(readMultipart(post("{}", "application/json"), SHAPE));
    expect(json).toEqual({
      status: 400,
      code: "VALIDATION_FAILED",
      message:
        "Validation failed: the body must be multipart/form-data with a boundary and the parts file, account_id, amount_semantics",
    });
    const wrongBoundary = await refusal(
      readMultipart(post(`--other\r\n\r\nx\r\n--other--\r\n`, "multipart/form-data; boundary=b10"), SHAPE),
    );
    expect(wrongBoundary).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
    expect(wrongBoundary.message).toMatch(/^Validation failed: the multipart body is malformed/);
  });
});
