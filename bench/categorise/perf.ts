/**
 * `bench:categorise perf`: what the service's learner costs at the sizes — (re)building a
 * workspace's learner from 100k categorised rows (budget 1 s) and suggesting for a 2,000-row preview
 * (budget 100 ms) — each the median of 5 runs, next to its budget, PASS or MISS. The rows are
 * corpus/ rows with a merchant word and a reference number added, so that 100k rows hold about 5,000
 * merchants, as a long real history would. The floor beside the build: reading every row's merchant
 * words once (description and counterparty), which any learner of the person's texts must do.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { CategoryLearner } from "../../server/domain/categorisation/learner";
import { merchantWords } from "../../server/domain/categorisation/merchant-text";
import { loadCorpus, type LabelledRow } from "./corpus";

const TRAINING_ROWS = 100_000;
const PREVIEW_ROWS = 2_000;
const RUNS = 5;
const BUILD_BUDGET_MS = 1_000;
const SUGGEST_BUDGET_MS = 100;

/** A pronounceable word for n ("bakodu"), so that merchants differ by words, not only by digits. */
function word(n: number): string {
  const consonants = "bdfgklmnprstvz";
  const vowels = "aeiou";
  let s = "";
  let k = n + 1;
  while (k > 0) {
    s += (consonants[k % consonants.length] ?? "") + (vowels[Math.floor(k / consonants.length) % vowels.length] ?? "");
    k = Math.floor(k / (consonants.length * vowels.length));
  }
  return s;
}

function syntheticRows(base: readonly LabelledRow[], count: number, offset: number) {
  return Array.from({ length: count }, (_, i) => {
    const row = base[(i * 7919 + offset) % base.length]!;
    const n = i + offset;
    return {
      description: `${row.description} ${word(n % 5_000)} ${100000 + ((n * 31) % 900000)}`,
      counterparty: row.counterparty,
      amount: row.amount,
      accountId: row.account || null,
      categoryId: row.category,
    };
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export function runPerf(): void {
  const base = loadCorpus().flatMap((h) => h.rows);
  const training = syntheticRows(base, TRAINING_ROWS, 0);
  const preview = syntheticRows(base, PREVIEW_ROWS, 4_242);
  const builds: number[] = [];
  // The process's CPU time too: on a machine shared with other work the wall time grows, the CPU time does not.
  const buildCpu: number[] = [];
  const suggests: number[] = [];
  let learner = CategoryLearner.trainedOn(training.slice(0, 1_000)); // warm-up
  const floors: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const floorStart = performance.now();
    let words = 0;
    for (const row of training) words += merchantWords(row.description).length + merchantWords(row.counterparty).length;
    floors.push(performance.now() - floorStart);
    if (words === 0) throw new Error("the training rows hold no words");
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    learner = CategoryLearner.trainedOn(training);
    builds.push(performance.now() - start);
    const cpu = process.cpuUsage(cpuStart);
    buildCpu.push((cpu.user + cpu.system) / 1000);
    const suggestStart = performance.now();
    for (const row of preview) learner.suggest(row);
    suggests.push(performance.now() - suggestStart);
  }
  const verdict = (ms: number, budget: number) => (ms <= budget ? "PASS" : "MISS");
  const build = median(builds);
  const suggest = median(suggests);
  console.log(`\nservice learner cost (median of ${RUNS} runs, ${learner.size} rows held)\n`);
  console.log("| measure | median (wall) | CPU time | budget | verdict (wall) |");
  console.log("| --- | ---: | ---: | ---: | --- |");
  console.log(
    `| build from ${TRAINING_ROWS} rows | ${build.toFixed(0)} ms | ${median(buildCpu).toFixed(0)} ms | ${BUILD_BUDGET_MS} ms | ${verdict(build, BUILD_BUDGET_MS)} |`,
  );
  const floor = median(floors);
  console.log(`| floor: merchant words of ${TRAINING_ROWS} rows | ${floor.toFixed(0)} ms | | | |`);
  console.log(`| build / floor | ${(build / floor).toFixed(1)}x | | | |`);
  console.log(
    `| suggest ${PREVIEW_ROWS} rows | ${suggest.toFixed(1)} ms | | ${SUGGEST_BUDGET_MS} ms | ${verdict(suggest, SUGGEST_BUDGET_MS)} |`,
  );
  console.log(`load average (1 min): ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores`);
}
