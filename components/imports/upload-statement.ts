import type { AmountSemantics, ImportJob } from "./import-types";

/** What the page keeps of an upload, to send the same file again with a chosen amount semantics. */
export interface StatementUpload {
  accountId: string;
  file: File;
  amountSemantics?: AmountSemantics;
}

/** The service's refusal of an upload: its error code and message (CONTRACT "Errors"). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly status: number,
  ) {
    super(message);
  }
}

const SESSION_ENDED = new Set(["TOKEN_MISSING", "TOKEN_INVALID", "TOKEN_EXPIRED", "TOKEN_REVOKED", "WORKSPACE_ACCESS_REVOKED"]);

/** POSTs the file as multipart to the dashboard's upload route (the browser's session cookie authenticates it). */
export async function uploadStatement({ accountId, file, amountSemantics }: StatementUpload): Promise<ImportJob> {
  const body = new FormData();
  body.set("account_id", accountId);
  if (amountSemantics) body.set("amount_semantics", amountSemantics);
  body.set("file", file, file.name);
  let response: Response;
  try {
    response = await fetch("/api/dashboard/imports", { method: "POST", body, credentials: "same-origin" });
  } catch {
    throw new UploadError("The service could not be reached. Try again.", null, 0);
  }
  const payload = (await response.json().catch(() => null)) as { data?: ImportJob; code?: string; message?: string } | null;
  if (response.ok && payload?.data) return payload.data;
  const code = payload?.code ?? null;
  if (code !== null && SESSION_ENDED.has(code)) window.location.assign("/sign-in?reason=session-ended");
  throw new UploadError(payload?.message ?? `The upload failed (HTTP ${response.status}). Try again.`, code, response.status);
}
