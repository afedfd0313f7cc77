/**
 * "Remember for this account": the parse options a person settled on for an account's statements,
 * applied to its next uploads that send no reading options of their own (docs/imports.md
 * "Remembered readings"). A remembered reading that does not fit a later file (the bank changed its
 * export) does not block it: the file is read by detection, and a warning says so.
 */
import type { Prisma } from "../../db/generated/prisma/client";
import { AppError } from "../../errors";
import { iso } from "../time/timestamps";
import { importAccount } from "./import-target";
import { detectFileType } from "./detect-type";
import { parseStatementFile } from "./parse-file";
import type { AmountSemantics, ParsedFile, ParseOptions } from "./parsers/types";
import { definedOnly } from "../defined-only";
import type { WorkspaceContext } from "../workspace-context";

/** A remembered reading: `parse_options` as the API names them (validated by the caller's schema). */
export type RememberedReading = Record<string, unknown>;

/** Only tables have columns, rows and formats to remember; OFX and MT940 say how they are read. */
const TABLE_TYPES = new Set(["csv", "xlsx", "xls"]);

export async function rememberedReading(
  { db, workspace }: WorkspaceContext,
  accountId: string,
): Promise<RememberedReading | null> {
  const stored = await db.prisma.accountImportReading.findFirst({
    where: { accountId, workspaceId: workspace.id },
    select: { parseOptions: true },
  });
  return (stored?.parseOptions as RememberedReading | undefined) ?? null;
}

/** Every remembered reading of the workspace. */
export async function listRememberedReadings({ db, workspace }: WorkspaceContext) {
  const readings = await db.prisma.accountImportReading.findMany({
    where: { workspaceId: workspace.id },
    orderBy: { updatedAt: "desc" },
  });
  return readings.map((reading) => ({
    account_id: reading.accountId,
    parse_options: reading.parseOptions as RememberedReading,
    updated_at: iso(reading.updatedAt),
  }));
}

/** Keeps `options` for the account (replacing what it had); the account must be an import target of the workspace. */
export async function rememberReading(
  { db, workspace }: WorkspaceContext,
  accountId: string,
  options: RememberedReading,
): Promise<void> {
  if (Object.keys(options).length === 0)
    throw new AppError("VALIDATION_FAILED", "Validation failed: parse_options: give at least one option to remember");
  const account = await importAccount(db, workspace.id, accountId);
  const parseOptions = options as Prisma.InputJsonObject;
  await db.prisma.accountImportReading.upsert({
    where: { accountId: account.id },
    create: { accountId: account.id, workspaceId: workspace.id, parseOptions },
    update: { parseOptions },
  });
}

/** Forgets the account's reading; forgetting one that is not there is no error (the result is the same). */
export async function forgetReading({ db, workspace }: WorkspaceContext, accountId: string): Promise<void> {
  await db.prisma.accountImportReading.deleteMany({ where: { accountId, workspaceId: workspace.id } });
}

/**
 * Reads an upload for an account: with `given` options when the upload has reading options of its
 * own, else with the account's remembered reading when the file is a table, else by detection.
 * Answers the file read and the sign convention chosen (the upload's, else the remembered one
 * when it fit the file), which decides whether the import still needs the person's choice.
 */
export async function parseForAccount(
  file: { bytes: Buffer; name: string },
  given: ParseOptions,
  remembered: { options: ParseOptions } | null,
): Promise<{ parsed: ParsedFile; amountSemantics: AmountSemantics | undefined }> {
  const type = detectFileType(file.bytes, file.name);
  const detected = async (warning?: string) => {
    const parsed = await parseStatementFile(file.bytes, file.name, given);
    return {
      parsed: warning ? { ...parsed, warnings: [warning, ...parsed.warnings] } : parsed,
      amountSemantics: given.amountSemantics,
    };
  };
  if (!remembered || type === null || !TABLE_TYPES.has(type)) return detected();
  const options = { ...remembered.options, ...definedOnly(given) };
  try {
    const parsed = await parseStatementFile(file.bytes, file.name, options);
    return {
      parsed: { ...parsed, warnings: ["Read with the options remembered for this account.", ...parsed.warnings] },
      amountSemantics: options.amountSemantics,
    };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "IMPORT_FILE_UNREADABLE") throw error;
    const why = error.message.replace(/^.*? could not be read: /, "");
    return detected(
      `The options remembered for this account do not fit this file (${why}); it was read by detection instead.`,
    );
  }
}
