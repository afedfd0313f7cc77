import { z } from "zod";
import { uploadedStatement } from "../../domain/imports/read-upload";
import { uploadStatement, type UploadedJob } from "../../domain/imports/upload-statement";
import { idempotentWorkspaceProcedure } from "../../trpc/builders";
import { earlierWrite, idempotencyHeaders, idempotentWrite, sideEffectSchema } from "../shared/idempotent";
import { importJobResource } from "./schemas";
import { readingOf, statementUploadInput } from "./upload-schemas";
import { parseOptionsObject, toParseOptions, type ParseOptionsInput } from "./parse-options-schemas";
import { callerContext } from "../shared/caller-context";

/**
 * The options beside amount_semantics (counted on their own) as part of the request's identity;
 * none adds nothing, so an upload without options keeps the fingerprint it always had.
 */
function readingOptions({
  amount_semantics: _,
  accept_other_account: _other,
  account_map: _map,
  ...rest
}: ParseOptionsInput): {
  parse_options?: Omit<ParseOptionsInput, "amount_semantics" | "accept_other_account" | "account_map">;
} {
  return Object.keys(rest).length > 0 ? { parse_options: rest } : {};
}

/** Stored by an earlier version whose options this one no longer takes: as good as none. */
function rememberedOptions(stored: unknown) {
  const remembered = parseOptionsObject.safeParse(stored);
  return remembered.success ? toParseOptions(remembered.data) : null;
}

export const uploadStatementProcedure = idempotentWorkspaceProcedure("imports:create")
  .meta({
    successStatus: 201,
    errors: ["IMPORT_FILE_UNREADABLE", "IMPORT_FILE_TYPE_UNSUPPORTED", "RESOURCE_NOT_FOUND"],
    openapi: {
      method: "POST",
      path: "/api/v1/programmatic/imports",
      operationId: "uploadImport",
      contentTypes: ["multipart/form-data"],
      tags: ["imports"],
      summary: "Upload a statement import (endpoint 3)",
      description:
        "Needs an Idempotency-Key (the request's identity is account_id, the file's name, its SHA-256, amount_semantics " +
        "and the normalised parse_options). CSV, Excel (.xlsx/.xls), OFX, QFX, MT940, CAMT or QIF, at most 10 MiB (413 above). An " +
        "upload without options is read with the account's remembered reading when it has one. Answers 201 with the " +
        "parsed preview; nothing is booked until the import is confirmed.",
      requestHeaders: idempotencyHeaders,
    },
  })
  .input(statementUploadInput)
  .output(
    z.object({
      data: importJobResource.describe("The new import: parsed (or needs_input) with the first page of its preview."),
      side_effects: z.array(sideEffectSchema).describe("The import_jobs create entry."),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const file = await uploadedStatement(input.file);
    const { options, amountSemantics } = readingOf(input);
    const ownOptions = readingOptions(options);
    const acceptOtherAccount = options.accept_other_account === true;
    const accountMap = options.account_map;
    const identity = {
      account_id: input.account_id,
      file_name: file.name,
      file_sha256: file.sha256,
      amount_semantics: amountSemantics ?? null,
      ...ownOptions,
      // Only when given, so an upload without it keeps the fingerprint it always had.
      ...(acceptOtherAccount ? { accept_other_account: true } : {}),
      ...(accountMap ? { account_map: accountMap } : {}),
    };
    return uploadStatement(
      callerContext(ctx),
      {
        accountId: input.account_id,
        file,
        options: { ...toParseOptions(options), amountSemantics },
        ownReading: ownOptions.parse_options !== undefined,
        statementChoice: { acceptOtherAccount, accountMap },
        rememberedOptions,
      },
      {
        earlier: () => earlierWrite<UploadedJob>(ctx, identity),
        write: (work) => idempotentWrite(ctx, identity, work),
      },
    );
  });
