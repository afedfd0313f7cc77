import { createHash } from "node:crypto";
import type { AmountSemantics, ParseOptions, ParsedFile } from "./parsers/types";
import { parseForAccount, rememberedReading } from "./account-reading";
import type { UploadedStatement } from "./create-import";
import type { WorkspaceContext } from "../workspace-context";

/** Files an adapter read and hashed already (the multipart reader hashes while it streams). */
const received = new WeakMap<File, UploadedStatement>();

/** A read statement as the File a procedure's input holds, keeping its bytes and hash for uploadedStatement. */
export function receivedStatementFile(statement: UploadedStatement): File {
  const file = new File([statement.bytes as Uint8Array<ArrayBuffer>], statement.name);
  received.set(file, statement);
  return file;
}

/** A statement file as a procedure receives it (multipart on REST, text or base64 on MCP), with its SHA-256. */
export async function uploadedStatement(file: File): Promise<UploadedStatement> {
  const known = received.get(file);
  if (known) return known;
  const bytes = Buffer.from(await file.arrayBuffer());
  return { name: file.name, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex"), bytes };
}

/**
 * Reads an uploaded statement for an account: with the options the upload brings when it brings
 * any (`ownReading`), else with the account's remembered reading when one fits; a file that does
 * not say its currency takes the account's. An account the workspace does not have is left to
 * createImport, which answers 404 after the file is read.
 */
export async function readUploadedStatement(
  { db, workspace }: WorkspaceContext,
  upload: {
    accountId: string;
    file: UploadedStatement;
    options: ParseOptions;
    ownReading: boolean;
    rememberedOptions: (stored: unknown) => ParseOptions | null;
  },
): Promise<{ parsed: ParsedFile; amountSemantics: AmountSemantics | undefined }> {
  const account = await db.prisma.account.findFirst({
    where: { id: upload.accountId, workspaceId: workspace.id },
    select: { currency: { select: { code: true } } },
  });
  const stored = upload.ownReading || !account ? null : await rememberedReading({ db, workspace }, upload.accountId);
  const remembered = stored === null ? null : upload.rememberedOptions(stored);
  return parseForAccount(
    upload.file,
    { ...upload.options, defaultCurrencyCode: account?.currency.code.trim() },
    remembered === null ? null : { options: remembered },
  );
}
