"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { Cell, ExportColumn, ExportFormat } from "@/server/domain/export/table-file";

/** A file made for download: its name, media type and bytes. */
export interface DownloadFile {
  filename: string;
  media_type: string;
  bytes: Uint8Array;
}

/** A table of the page (a report's figures) to export as it is shown. */
export interface ExportTable {
  /** The file name's words and the sheet's name, e.g. "Cash flow". */
  name: string;
  columns: ExportColumn[];
  rows: Cell[][];
}

/** Saves `file` as the browser saves a download. */
function save(file: DownloadFile): void {
  const url = URL.createObjectURL(new Blob([file.bytes as BlobPart], { type: file.media_type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once cancels it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The server's ExportedFileAnswer as a download. */
export function decodedFile(answer: { filename: string; media_type: string; content_base64: string }): DownloadFile {
  const binary = atob(answer.content_base64);
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  return { filename: answer.filename, media_type: answer.media_type, bytes };
}

/** A table of the page written in the browser, with the server's own writer (table-file.ts, loaded when asked). */
export async function tableDownload(table: ExportTable, format: ExportFormat, day: string): Promise<DownloadFile> {
  const { exportFileName, MEDIA_TYPES, tableFile } = await import("@/server/domain/export/table-file");
  return {
    filename: exportFileName(table.name, day, format),
    media_type: MEDIA_TYPES[format],
    bytes: tableFile(format, table.name, table.columns, table.rows),
  };
}

/**
 * "CSV" and "XLSX" download buttons for `what` (their accessible names say it: "Export transactions
 * as CSV"). A failure is said beside them.
 */
export function ExportButtons({ what, file }: { what: string; file: (format: ExportFormat) => Promise<DownloadFile> }) {
  const t = useTranslations("common.export");
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    setProblem(null);
    try {
      save(await file(format));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t("failed"));
    } finally {
      setBusy(null);
    }
  };
  return (
    <span className="export-buttons" role="group" aria-label={t("group", { what })}>
      <span className="muted" aria-hidden="true">
        {t("label")}
      </span>
      {(["csv", "xlsx"] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="button button-small"
          aria-label={t("asFormat", { what, format: format.toUpperCase() })}
          disabled={busy !== null}
          aria-busy={busy === format}
          onClick={() => void run(format)}
        >
          {format.toUpperCase()}
        </button>
      ))}
      {problem ? (
        <span role="alert" className="field-error">
          {problem}
        </span>
      ) : null}
    </span>
  );
}
