import { isSessionEndedCode } from "../trpc-errors";
import type { FileInspection, ImportJob, ImportsTranslator, ParseOptions, AmountSemantics } from "./import-types";

/** What the page keeps of an upload, to send the same file again with other options. */
export interface StatementUpload {
  accountId: string;
  file: File;
  amountSemantics?: AmountSemantics;
  /** How to read the file (the column-mapping editor's options); none: the service detects it. */
  parseOptions?: ParseOptions;
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

/**
 * POSTs the file as multipart to a dashboard route (the browser's session cookie authenticates it) and answers its `data`.
 * `t` words the failures the browser sees itself; the service's refusals carry its own message.
 */
async function postStatement<Data>(
  path: string,
  { accountId, file, amountSemantics, parseOptions }: StatementUpload,
  t: ImportsTranslator,
): Promise<Data> {
  const body = new FormData();
  body.set("account_id", accountId);
  if (amountSemantics) body.set("amount_semantics", amountSemantics);
  if (parseOptions && Object.keys(parseOptions).length > 0) body.set("parse_options", JSON.stringify(parseOptions));
  body.set("file", file, file.name);
  let response: Response;
  try {
    response = await fetch(path, { method: "POST", body, credentials: "same-origin" });
  } catch {
    throw new UploadError(t("upload.unreachable"), null, 0);
  }
  const payload = (await response.json().catch(() => null)) as { data?: Data; code?: string; message?: string } | null;
  if (response.ok && payload?.data) return payload.data;
  const code = payload?.code ?? null;
  if (isSessionEndedCode(code)) window.location.assign("/sign-in?reason=session-ended");
  throw new UploadError(
    payload?.message ?? t("upload.failed", { status: String(response.status) }),
    code,
    response.status,
  );
}

/** The upload: the import's preview. */
export function uploadStatement(upload: StatementUpload, t: ImportsTranslator): Promise<ImportJob> {
  return postStatement("/api/dashboard/imports", upload, t);
}

/** A look at a file not uploaded yet with some options: its first rows, and its transactions as read. */
export function inspectStatement(upload: StatementUpload, t: ImportsTranslator): Promise<FileInspection> {
  return postStatement("/api/dashboard/imports/inspect", upload, t);
}
