/** What the benchmarks share to report their figures: the machine, a plain-text table, the results file. */
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The machine the figures were taken on: they mean little without it. */
export function machine() {
  return {
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? null,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

/** A table on stdout: the first column (the names) left-aligned, the figures right-aligned. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join("  ");
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
}

/** Writes the figures to bench/results/<bench>-<start time><variant>.json and says where. */
export async function saveFigures(bench: string, startedAt: Date, variant: string, figures: unknown): Promise<void> {
  const dir = path.join(ROOT, "bench", "results");
  await mkdir(dir, { recursive: true });
  const stamp = startedAt.toISOString().slice(0, 19).replace(/:/g, "-");
  const file = path.join(dir, `${bench}-${stamp}${variant}.json`);
  await writeFile(file, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`\nFigures written to ${path.relative(ROOT, file)}`);
}
