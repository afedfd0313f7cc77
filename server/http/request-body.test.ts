import { describe, expect, it } from "vitest";
import { classifyDatabaseFailure } from "../db/errors";
import { prepareJsonBody, readBodyCapped } from "./request-body";

/** A POST whose body stream sends `first` and then fails as Node's does when the client hangs up mid-body. */
function cutShort(first: string) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(first));
      controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
    },
  });
  return new Request("http://localhost/api/v1/programmatic/transaction-templates", {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": "100" },
    body,
    duplex: "half",
  } as RequestInit);
}

describe("a request body the client did not finish", () => {
  it("is the client's 400, not a database outage (ECONNRESET was logged as 'database unreachable' and answered 503)", async () => {
    const failure = await readBodyCapped(cutShort('{"na'), 1024).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "VALIDATION_FAILED", status: 400 });
    expect(classifyDatabaseFailure(failure)).toBeNull();
    await expect(prepareJsonBody(cutShort("{"), 1024)).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      message: "The request body ended before it was complete.",
    });
  });
});
