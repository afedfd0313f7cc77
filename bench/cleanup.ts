/**
 * The benchmarks' clean-up: what a run creates (databases, directories, processes) is registered
 * here and undone in reverse order on success, failure and SIGINT/SIGTERM.
 */

const cleanups: Array<{ what: string; run: () => Promise<unknown> }> = [];
let cleaning: Promise<void> | undefined;

/** True once the clean-up has started (an interruption is under way). */
export function isCleaningUp(): boolean {
  return cleaning !== undefined;
}

export function onCleanup(what: string, run: () => Promise<unknown>): void {
  // Created after an interruption started the clean-up (work that was already under way): undo now.
  if (cleaning) void run().catch((error: Error) => console.error(`clean-up failed (${what}): ${error.message}`));
  else cleanups.push({ what, run });
}

export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (let step = cleanups.pop(); step; step = cleanups.pop()) {
      try {
        await step.run();
      } catch (error) {
        console.error(`clean-up failed (${step.what}): ${(error as Error).message}`);
      }
    }
  })();
  return cleaning;
}

/** On SIGINT/SIGTERM: clean up once, then exit 130. */
export function cleanUpOnSignals(message: string): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (cleaning) return void console.error(`${signal}: still cleaning up...`);
      console.error(`\n${signal}: ${message}`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
}
