/** bench:import's figures as they are saved, and the table it prints from them. */
import os from "node:os";
import { median, type Measured } from "./import-measure";

/** A measurement without its result, for the report. */
export const withoutResult = ({ result: _, ...rest }: Measured): Omit<Measured, "result"> => rest;

type Report = {
  engine: "postgres" | "pglite";
  file: { rows: number };
  targets: {
    uploadSeconds: number;
    /** The upload's median over its floor's (issue 29). */
    uploadRatio: number;
    endToEndSeconds: number;
    confirmRowsPerSecond: number;
    scoringShare: number;
  };
  upload: { app: Array<Omit<Measured, "result">>; floor: Array<Omit<Measured, "result">> };
  endToEnd: { app: Array<Omit<Measured, "result">>; floor: Array<Omit<Measured, "result">> };
  confirm: Omit<Measured, "result"> & { booked: number; rowsPerSecond: number };
  scoring: { scoringMs: number; restMs: number; share: number };
  loadAverage: { before: number[]; after: number[] };
};

export function printReport(report: Report): void {
  const seconds = (value: number) => `${value.toFixed(2)} s`;
  const spread = (runs: Array<Omit<Measured, "result">>) =>
    `${seconds(median(runs.map((r) => r.seconds)))} (${runs.map((r) => r.seconds.toFixed(2)).join("/")}; CPU ${median(runs.map((r) => r.cpuSeconds)).toFixed(2)} s; peak RSS ${Math.max(...runs.map((r) => r.peakRssMiB))} MiB)`;
  const result = (pass: boolean) => (pass ? "PASS" : "MISS");
  const uploadMedian = median(report.upload.app.map((r) => r.seconds));
  const uploadRatio = uploadMedian / median(report.upload.floor.map((r) => r.seconds));
  const endToEndMedian = median(report.endToEnd.app.map((r) => r.seconds));
  const t = report.targets;
  const rows = [
    [
      "upload + preview, app",
      spread(report.upload.app),
      `<= ${t.uploadSeconds} s`,
      result(uploadMedian <= t.uploadSeconds),
    ],
    ["upload + preview, floor", spread(report.upload.floor), "", ""],
    [
      "upload + preview, app / floor",
      `${uploadRatio.toFixed(2)}x`,
      `<= ${t.uploadRatio}x`,
      result(uploadRatio <= t.uploadRatio),
    ],
    [
      "2,000 rows end to end, app",
      spread(report.endToEnd.app),
      `<= ${t.endToEndSeconds * 1000} ms`,
      result(endToEndMedian <= t.endToEndSeconds),
    ],
    ["2,000 rows end to end, floor", spread(report.endToEnd.floor), "", ""],
    [
      `confirm + worker, ${report.file.rows.toLocaleString("en-US")} rows`,
      `${Math.round(report.confirm.rowsPerSecond).toLocaleString("en-US")} rows/s (${report.confirm.booked.toLocaleString("en-US")} rows in ${seconds(report.confirm.seconds)}; peak RSS ${report.confirm.peakRssMiB} MiB)`,
      `>= ${t.confirmRowsPerSecond.toLocaleString("en-US")} rows/s`,
      result(report.confirm.rowsPerSecond >= t.confirmRowsPerSecond),
    ],
    [
      "column scoring vs the rest of the parse",
      `${report.scoring.scoringMs.toFixed(2)} ms vs ${report.scoring.restMs.toFixed(0)} ms = +${(report.scoring.share * 100).toFixed(2)}%`,
      `< ${t.scoringShare * 100}%`,
      result(report.scoring.share < t.scoringShare),
    ],
  ];
  console.log(
    `\n${report.engine === "postgres" ? "PostgreSQL" : "PGlite"}, ${report.file.rows.toLocaleString("en-US")} rows; ${os.availableParallelism()} cores, Node ${process.version}; ` +
      `load average ${report.loadAverage.before[0]?.toFixed(2)} before, ${report.loadAverage.after[0]?.toFixed(2)} after (1 min)`,
  );
  const header = ["what", "median wall time (runs; CPU; peak RSS)", "target", "result"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
  const stepsOf = (runs: Array<Omit<Measured, "result">>) =>
    Object.keys(runs[0]?.steps ?? {})
      .map((name) => `${name} ${seconds(median(runs.map((r) => r.steps?.[name] ?? 0)))}`)
      .join(", ");
  console.log(`\napp upload steps (medians): ${stepsOf(report.upload.app)}`);
  console.log(`app end to end steps (medians): ${stepsOf(report.endToEnd.app)}`);
}
