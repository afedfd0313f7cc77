/**
 * bench:import's measurements: wall time, the process's CPU time (all threads: the garbage
 * collector's helpers count) and the peak resident memory, sampled every 20 ms by a worker thread,
 * so that synchronous work on the main thread cannot hide a peak.
 */
import { Worker } from "node:worker_threads";

const SAMPLER = `
const { parentPort } = require("node:worker_threads");
let peak = 0;
const sample = () => { const rss = process.memoryUsage.rss(); if (rss > peak) peak = rss; };
setInterval(sample, 20);
parentPort.on("message", (message) => {
  sample();
  if (message === "reset") peak = 0, sample();
  parentPort.postMessage(peak);
});`;

export class MemorySampler {
  private readonly worker = new Worker(SAMPLER, { eval: true });
  private ask(message: "reset" | "peak"): Promise<number> {
    return new Promise((resolve) => {
      this.worker.once("message", resolve);
      this.worker.postMessage(message);
    });
  }
  async start(): Promise<number> {
    await this.ask("reset");
    return process.memoryUsage.rss();
  }
  peak(): Promise<number> {
    return this.ask("peak");
  }
  stop(): Promise<number> {
    return this.worker.terminate();
  }
}

export interface Measured<T = unknown> {
  name: string;
  result: T;
  seconds: number;
  cpuSeconds: number;
  startRssMiB: number;
  peakRssMiB: number;
  /** Sub-steps, in seconds. */
  steps?: Record<string, number>;
}

const MiB = 1024 * 1024;
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** Runs `work` once and measures it; prints one line. `steps` (filled by `work`) are reported with it. */
export async function measure<T>(
  sampler: MemorySampler,
  name: string,
  work: () => Promise<T>,
  steps?: Record<string, number>,
): Promise<Measured<T>> {
  global.gc?.();
  const startRss = await sampler.start();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const peak = await sampler.peak();
  const measured: Measured<T> = {
    name,
    result,
    seconds: round(seconds, 3),
    cpuSeconds: round((used.user + used.system) / 1e6, 3),
    startRssMiB: round(startRss / MiB, 1),
    peakRssMiB: round(peak / MiB, 1),
  };
  if (steps && Object.keys(steps).length > 0)
    measured.steps = Object.fromEntries(Object.entries(steps).map(([step, value]) => [step, round(value, 3)]));
  const detail = measured.steps
    ? ` (${Object.entries(measured.steps)
        .map(([step, value]) => `${step} ${value.toFixed(2)}`)
        .join(", ")})`
    : "";
  console.log(
    `  ${name}: ${seconds.toFixed(2)} s, CPU ${measured.cpuSeconds.toFixed(2)} s, peak RSS ${measured.peakRssMiB} MiB${detail}`,
  );
  return measured;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
