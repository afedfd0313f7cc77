/**
 * Starts sheet-worker.mjs for one workbook, with a time limit and a capped heap, and brings back
 * its sheets as cell strings; at most MAX_SPREADSHEET_READINGS at once in this process. The worker
 * file is found from process.cwd() (the project root under `next start`, `next dev`, tsx and
 * vitest), with the module's own folder as a fallback.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { env } from "../../../../env";
import { AppError } from "../../../../errors";
import { logger } from "../../../../logger";
import { MAX_TABLE_ROWS } from "../limits";
import { StatementUnreadableError } from "../types";
import type { ZipEntry } from "./container";
import type { MarkupWorkbook } from "./markup";
import { createReadingSlots, type ReadingSlots } from "./reading-slots";

const WORKER_RELATIVE_PATH = "server/domain/imports/parsers/excel/sheet-worker.mjs";
const DEFAULT_TIME_LIMIT_MS = 10_000;
/** The worker's heap (old and young generation) and stack; a statement sheet of MAX_SHEET_ROWS rows is read within them. */
const WORKER_HEAP_LIMIT_MB = 256;
const WORKER_YOUNG_GENERATION_MB = 32;
const WORKER_STACK_MB = 4;
/** What a request told to wait for a reader is asked to wait before it tries again. */
const READERS_BUSY_RETRY_AFTER_SECONDS = 5;
/** The file's transaction cap plus room for a header and footers; beyond it the sheet is refused rather than read in part. */
export const MAX_SHEET_ROWS = MAX_TABLE_ROWS;
/** Rows x columns of a sheet's used box; larger sheets are not sent back to the main thread. */
export const MAX_SHEET_CELLS = 4_000_000;

export interface WorkerSheet {
  name: string;
  hidden: boolean;
  /** The sheet has more than MAX_SHEET_ROWS rows: it was read only in part, or not at all (tooLong). */
  truncated: boolean;
  /** More than MAX_SHEET_ROWS row elements, counted while its XML was inflated: none of it was read. */
  tooLong?: boolean;
  /**
   * The sheet's rows (0-based) with values that Excel does not show (hidden, as a filter leaves
   * them): left out of texts, where those inside the box stand blank and are no line of the table.
   */
  hiddenRows?: number[];
  /** More than MAX_SHEET_CELLS cells in its used box: not sent back. */
  tooLarge?: boolean;
  /** Zero-based row and column of texts[0][0] in the sheet. */
  top: number;
  left: number;
  texts: string[][];
  /** One letter per cell: s text, n number, d date serial. */
  kinds: string[];
}

export interface WorkerWorkbook {
  date1904: boolean;
  sheets: WorkerSheet[];
}

type WorkerReply = ({ ok: true } & WorkerWorkbook) | { ok: false; message: string };

export interface ReadWorkbookOptions {
  zipEntries: ZipEntry[] | null;
  /** A workbook written as HTML or SpreadsheetML, decoded: read from its text instead of the bytes. */
  markup?: MarkupWorkbook | null;
  timeLimitMs?: number;
  /** Test hook: the worker spins forever, to prove the time limit. */
  testHang?: boolean;
}

const processReadings = globalThis as unknown as { spreadsheetReadings?: ReadingSlots };

/**
 * The readings of this process: each worker takes a core and up to its heap cap, so a burst of
 * uploads queues here. One line per process, on globalThis: Next.js loads this module once per
 * route bundle (REST, tRPC, the dashboard's upload), and each would otherwise count on its own.
 */
function readings(): ReadingSlots {
  processReadings.spreadsheetReadings ??= createReadingSlots({
    size: env.MAX_SPREADSHEET_READINGS,
    waitMs: env.SPREADSHEET_WAIT_MS,
  });
  return processReadings.spreadsheetReadings;
}

/** No reader came free in time: 503, made by this copy of the module so that its route knows the AppError. */
function readersBusy(waitedMs: number): AppError {
  logger.warn(
    { waitedMs: Math.round(waitedMs), readings: env.MAX_SPREADSHEET_READINGS },
    "spreadsheet readers busy: answered 503",
  );
  return new AppError(
    "SERVICE_UNAVAILABLE",
    "Other spreadsheets are being read right now; send the file again in a few seconds.",
    {
      "Retry-After": String(READERS_BUSY_RETRY_AFTER_SECONDS),
    },
  );
}

/**
 * Throws StatementUnreadableError for a workbook that cannot be read within the limits, and
 * AppError SERVICE_UNAVAILABLE (503, Retry-After) when no reader frees up within SPREADSHEET_WAIT_MS.
 */
export function readWorkbookInWorker(bytes: Buffer, options: ReadWorkbookOptions): Promise<WorkerWorkbook> {
  return readings().run(() => readInWorker(bytes, options), readersBusy);
}

function readInWorker(bytes: Buffer, options: ReadWorkbookOptions): Promise<WorkerWorkbook> {
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  return new Promise((resolve, reject) => {
    let settled = false;
    const copy = new Uint8Array(bytes); // moved to the worker, not cloned a second time
    const worker = new Worker(workerFilePath(), {
      workerData: {
        bytes: copy,
        zipEntries: options.zipEntries,
        markup: options.markup ?? null,
        maxRows: MAX_SHEET_ROWS,
        maxCells: MAX_SHEET_CELLS,
        testHang: options.testHang === true,
      },
      transferList: [copy.buffer],
      resourceLimits: {
        maxOldGenerationSizeMb: WORKER_HEAP_LIMIT_MB,
        maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB,
        stackSizeMb: WORKER_STACK_MB,
      },
      execArgv: [],
    });
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Answered once the thread is gone: the reader's slot (readings()) is not free before its memory is.
      void worker.terminate().finally(outcome);
    };
    const timer = setTimeout(
      () => finish(() => reject(new StatementUnreadableError("the spreadsheet took too long to read"))),
      timeLimitMs,
    );
    worker.once("message", (reply: WorkerReply) =>
      finish(() =>
        reply.ok ? resolve({ date1904: reply.date1904, sheets: reply.sheets }) : reject(readerError(reply.message)),
      ),
    );
    worker.once("error", (error: Error & { code?: string }) =>
      finish(() =>
        reject(
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? new StatementUnreadableError("the spreadsheet needs more memory to read than is allowed")
            : new StatementUnreadableError(`the spreadsheet cannot be read: ${error.message}`),
        ),
      ),
    );
    worker.once("exit", () =>
      finish(() => reject(new StatementUnreadableError("the spreadsheet reader stopped before it finished"))),
    );
  });
}

/**
 * The project root first (Next.js bundles this module elsewhere, but the .mjs stays on disk);
 * then this module's folder (tsx or vitest started from another directory). Missing both is a
 * deployment fault, not a bad upload, so it is a plain Error (500).
 */
function workerFilePath(): string {
  const candidates = [
    path.resolve(process.cwd(), WORKER_RELATIVE_PATH),
    path.join(path.dirname(fileURLToPath(import.meta.url)), "sheet-worker.mjs"),
  ];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`sheet-worker.mjs not found (looked in ${candidates.join(", ")})`);
  return found;
}

/** The worker's failures in words a user can act on; sheetjs's own messages are kept otherwise. */
function readerError(message: string): StatementUnreadableError {
  if (message === "ZIP_SIZE_MISMATCH") {
    return new StatementUnreadableError("the spreadsheet expands to more than its ZIP directory declares");
  }
  if (message === "ZIP_DAMAGED") return new StatementUnreadableError("the spreadsheet's ZIP structure is damaged");
  if (/password|encrypt/i.test(message)) return new StatementUnreadableError("the spreadsheet is password-protected");
  return new StatementUnreadableError(`the spreadsheet cannot be read: ${message}`);
}
