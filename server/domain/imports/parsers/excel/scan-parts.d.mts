/** Types of scan-parts.mjs (plain JavaScript, run in the worker) for the tests that call it. */
import type { ZipEntry } from "./container";

export declare class RowCounter {
  constructor(maxRows: number);
  readonly maxRows: number;
  rows: number;
  hiddenRows: boolean;
  add(chunk: Uint8Array): boolean;
  end(): boolean;
}

export declare function scanZipParts(
  data: Buffer,
  entries: ZipEntry[],
  maxRows: number,
  found?: { hiddenRows?: boolean },
): Promise<string[]>;
