// A vitest reporter for npm test's timing table (scripts/test-timings.mjs): each test file's whole
// time in its worker (environment, harness, importing the file and its modules, then its tests and
// hooks), written as JSON to PFA_TIMINGS_FILE when the run ends. Vitest's own JSON reporter times
// only the tests, leaving out imports and beforeAll hooks that are most of an HTTP file's time.
import { writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

interface FileTiming {
  file: string;
  ms: number;
  importMs: number;
  testsMs: number;
}

export default class TimingsReporter implements Reporter {
  private readonly files: FileTiming[] = [];

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    const importMs = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration;
    this.files.push({ file: module.moduleId, ms: importMs + d.duration, importMs, testsMs: d.duration });
  }

  onTestRunEnd(): void {
    const target = process.env.PFA_TIMINGS_FILE;
    if (target) writeFileSync(target, JSON.stringify({ files: this.files }));
  }
}
