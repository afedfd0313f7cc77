import type { ImportJob } from "../../db/generated/prisma/client";
import { iso } from "../time/timestamps";
import type { OpeningAdjustment } from "./opening-balance";
import type { PreviewRow } from "./preview";

/** The import job resource's attributes (spec "Import job"). */
export function importJobAttributes(job: ImportJob) {
  const options = (job.parseOptions ?? {}) as { amount_semantics?: string | null; amount_semantics_required?: boolean };
  return {
    bank_key: job.bankKey,
    bank_name: job.bankName,
    file_name: job.fileName,
    file_type: job.fileType,
    total_rows: job.totalRows,
    imported_count: job.importedCount,
    skipped_count: job.skippedCount,
    skipped_existing_count: job.skippedExistingCount,
    error_count: job.errorCount,
    status: job.status,
    preview_version: job.previewVersion,
    parse_options: {
      amount_semantics: options.amount_semantics ?? null,
      amount_semantics_required: options.amount_semantics_required ?? false,
    },
    error_message: job.errorMessage,
    account_id: job.accountId,
    preview: job.preview as unknown as PreviewRow[],
    opening_balance_adjusted: job.openingBalanceAdjusted as unknown as OpeningAdjustment[],
    reverted_at: iso(job.revertedAt),
    created_at: iso(job.createdAt),
    updated_at: iso(job.updatedAt),
  };
}

export type ImportJobAttributes = ReturnType<typeof importJobAttributes>;
