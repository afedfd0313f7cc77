// npm test's timing table (scripts/test-all.sh calls it when the run ends, passed or not): each
// step's seconds (and its parts' when they ran side by side), then the slowest files of each pass
// from the vitest (scripts/vitest-timings-reporter.ts) and Playwright JSON reports.
// Usage: node scripts/test-timings.mjs DIR   (DIR holds steps.tsv and one NAME.json per pass)
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const SLOWEST = 8;
const dir = process.argv[2];
if (!dir || !existsSync(dir)) {
  console.error("Usage: node scripts/test-timings.mjs DIR");
  process.exit(2);
}

const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);
const relative = (file) => path.relative(process.cwd(), file) || file;

/** [file, milliseconds] of scripts/vitest-timings-reporter.ts's report: each file's whole time in its worker. */
function vitestFiles(report) {
  return report.files.map(({ file, ms }) => [file, ms]);
}

/** [file, milliseconds] of a Playwright JSON report: the sum of each file's test results. */
function playwrightFiles(report) {
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        byFile.set(spec.file ?? suite.file, (byFile.get(spec.file ?? suite.file) ?? 0) + ms);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return [...byFile];
}

const lines = ["", "=== where the time went ==="];
const stepsFile = path.join(dir, "steps.tsv");
if (existsSync(stepsFile)) {
  const steps = readFileSync(stepsFile, "utf8")
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split("\t"));
  // A step run side by side lists its parts under it ("  part: ..."): only the steps add up.
  const total = steps.filter(([, name]) => !name.startsWith(" ")).reduce((sum, [s]) => sum + Number(s), 0);
  for (const [s, name] of steps) lines.push(`${seconds(Number(s) * 1000)} s  ${name}`);
  lines.push(`${seconds(total * 1000)} s  total (${Math.floor(total / 60)} min ${total % 60} s)`);
}

for (const name of readdirSync(dir)
  .filter((file) => file.endsWith(".json"))
  .sort()) {
  let report;
  try {
    report = JSON.parse(readFileSync(path.join(dir, name), "utf8"));
  } catch {
    continue; // a pass that stopped before writing its report
  }
  const files = (report.suites ? playwrightFiles(report) : vitestFiles(report)).sort((a, b) => b[1] - a[1]);
  const sum = files.reduce((total, [, ms]) => total + ms, 0);
  lines.push("", `${name.replace(/\.json$/, "")}: ${files.length} files, ${seconds(sum).trim()} s summed over files`);
  for (const [file, ms] of files.slice(0, SLOWEST)) lines.push(`${seconds(ms)} s  ${relative(file)}`);
}
console.log(lines.join("\n"));
