import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ALL_SCOPES, createClient, randomIp } from "./client";

/**
 * The statement upload as ordinary clients send it, byte for byte: Python requests (a file part
 * without Content-Type), generated clients (each field a text/plain part, a file without a filename),
 * and careless forms (two files, extra fields) that must get a 400 naming the part, never a 413.
 */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);
const BOUNDARY = "f43c451e86bb1df81dc2b4a5f06b0d2b";

let token: string;
let accountId: string;

beforeAll(async () => {
  const session = await api.signIn("demo@example.com", "demo-password-1234");
  token = (await api.createToken(session, ALL_SCOPES)).token;
  const accounts = (await api.call("GET", "/api/v1/programmatic/accounts", { token })).body.data;
  accountId = accounts.find((account: any) => account.attributes.name === "Travel (EUR)").id;
});

function recentDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

const CSV = () => `Date,Description,Amount\r\n${recentDay(2)},Upload clients test,-4.20\r\n`;

/** A part as a client writes it: its header lines, then its bytes. */
const part = (headers: string[], body: string | Buffer) => ({ headers, body });
const textField = (name: string, value: string, ...headers: string[]) =>
  part([`Content-Disposition: form-data; name="${name}"`, ...headers], value);

function multipartBody(parts: Array<{ headers: string[]; body: string | Buffer }>, boundary = BOUNDARY): Buffer {
  const chunks = parts.flatMap(({ headers, body }) => [
    `--${boundary}\r\n${headers.join("\r\n")}\r\n\r\n`,
    body,
    "\r\n",
  ]);
  return Buffer.concat([...chunks, `--${boundary}--\r\n`].map((chunk) => Buffer.from(chunk)));
}

async function post(body: Buffer, boundary = BOUNDARY) {
  const response = await fetch(`${baseUrl}/api/v1/programmatic/imports`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "idempotency-key": `upload-${randomUUID()}`,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "x-forwarded-for": randomIp(),
    },
    body: new Uint8Array(body),
  });
  return { status: response.status, body: await response.json() };
}

describe("statement upload from ordinary clients", () => {
  it("accepts Python requests' files={'file': open(...)}: a file part without Content-Type", async () => {
    // The shape requests 2.34 / urllib3 2.7 send (captured against an echo server).
    const response = await post(
      multipartBody([
        textField("account_id", accountId),
        part(['Content-Disposition: form-data; name="file"; filename="statement.csv"'], CSV()),
      ]),
    );
    expect(response.status).toBe(201);
    expect(response.body.data.attributes).toMatchObject({
      file_name: "statement.csv",
      file_type: "csv",
      total_rows: 1,
      account_id: accountId,
    });
    expect(response.body.data.attributes.preview[0]).toMatchObject({
      amount: "-4.20",
      description: "Upload clients test",
    });
  });

  it("accepts fields with a Content-Type (text/plain, application/json with a filename) and a file without a filename", async () => {
    const response = await post(
      multipartBody([
        textField("account_id", accountId, "Content-Type: text/plain"),
        part(
          [
            'Content-Disposition: form-data; name="amount_semantics"; filename="blob"',
            "Content-Type: application/json",
          ],
          '"signed_debit_negative"',
        ),
        textField("file", CSV(), "Content-Type: text/csv"),
      ]),
    );
    expect(response.status).toBe(201);
    expect(response.body.data.attributes).toMatchObject({
      file_name: "statement",
      total_rows: 1,
      account_id: accountId,
    });
  });

  it("stores a file name with NUL and other control characters without them", async () => {
    const filename = Buffer.from("march\u0000\u0007 2026.csv", "latin1");
    const response = await post(
      multipartBody([
        textField("account_id", accountId),
        part([`Content-Disposition: form-data; name="file"; filename="${filename.toString("latin1")}"`], CSV()),
      ]),
    );
    expect(response.status).toBe(201);
    expect(response.body.data.attributes.file_name).toBe("march 2026.csv");
  });

  it("answers two file parts with 400 naming file", async () => {
    const file = part(
      ['Content-Disposition: form-data; name="file"; filename="a.csv"', "Content-Type: text/csv"],
      CSV(),
    );
    const response = await post(multipartBody([textField("account_id", accountId), file, file]));
    expect([response.status, response.body.code, response.body.message]).toEqual([
      400,
      "VALIDATION_FAILED",
      "Validation failed: file: send exactly one file",
    ]);
  });

  it("answers an extra field with 400 naming it", async () => {
    const response = await post(
      multipartBody([
        textField("account_id", accountId),
        textField("memo", "from my script"),
        part(['Content-Disposition: form-data; name="file"; filename="a.csv"'], CSV()),
      ]),
    );
    expect([response.status, response.body.code, response.body.message]).toEqual([
      400,
      "VALIDATION_FAILED",
      "Validation failed: unexpected fields: memo",
    ]);
  });

  it("accepts openapi-python-client's upload: every field its own text/plain part, the file with a filename", async () => {
    // httpx's rendering of the generated to_multipart(): (None, str(value).encode(), "text/plain") per field.
    const day = recentDay(3);
    const file = `Wann;Was;Wieviel\r\n${day};Generated client test;-7,10\r\n`;
    const options = JSON.stringify({
      delimiter: ";",
      decimal_separator: ",",
      columns: { date: "Wann", description: "Was", amount: "Wieviel" },
    });
    const response = await post(
      multipartBody([
        part(['Content-Disposition: form-data; name="file"; filename="generated.csv"', "Content-Type: text/csv"], file),
        textField("account_id", accountId, "Content-Type: text/plain"),
        textField("amount_semantics", "signed_debit_negative", "Content-Type: text/plain"),
        textField("parse_options", options, "Content-Type: text/plain"),
      ]),
    );
    expect(response.status).toBe(201);
    expect(response.body.data.attributes).toMatchObject({
      file_name: "generated.csv",
      total_rows: 1,
      account_id: accountId,
      parse_options: {
        delimiter: ";",
        decimal_separator: ",",
        amount_semantics: "signed_debit_negative",
        columns: { date: "Wann", description: "Was", amount: "Wieviel" },
      },
    });
    expect(response.body.data.attributes.preview[0]).toMatchObject({
      date: day,
      amount: "-7.10",
      description: "Generated client test",
    });
  });

  it("accepts text/plain fields with a charset (.NET, Java clients) and answers a non-text field with 400 naming it", async () => {
    const accepted = await post(
      multipartBody([
        textField("account_id", accountId, "Content-Type: text/plain; charset=utf-8"),
        textField("amount_semantics", "signed_debit_negative", "Content-Type: text/plain;charset=UTF-8"),
        part(
          [
            'Content-Disposition: form-data; name="file"; filename="charset.csv"',
            "Content-Type: text/plain; charset=utf-8",
          ],
          CSV(),
        ),
      ]),
    );
    expect([accepted.status, accepted.body.data?.attributes.file_name]).toEqual([201, "charset.csv"]);

    const refused = await post(
      multipartBody([
        textField("account_id", accountId, "Content-Type: application/octet-stream"),
        part(['Content-Disposition: form-data; name="file"; filename="a.csv"'], CSV()),
      ]),
    );
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      400,
      "VALIDATION_FAILED",
      "Validation failed: account_id: sent as application/octet-stream; send a field as text (text/plain) or as JSON (application/json)",
    ]);
  });

  it("never answers 413 to a small body, whatever its parts", async () => {
    const bodies = {
      "a field with a Content-Type": multipartBody([textField("account_id", "x", "Content-Type: text/plain")], "b"),
      "two file parts": multipartBody(
        [textField("file", "a", "Content-Type: text/csv"), textField("file", "b", "Content-Type: text/csv")],
        "b",
      ),
      "eleven fields": multipartBody(
        Array.from({ length: 11 }, (_, i) => textField(`f${i}`, "")),
        "b",
      ),
    };
    for (const [what, body] of Object.entries(bodies)) {
      const response = await post(body, "b");
      expect([what, body.length < 600, response.status, response.body.code]).toEqual([
        what,
        true,
        400,
        "VALIDATION_FAILED",
      ]);
    }
  });
});
