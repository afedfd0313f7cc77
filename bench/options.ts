/** Command-line options the benchmarks share. */

/**
 * A whole number >= `min` (`_` and `,` allowed between digits), or `fallback` when the option is
 * absent; anything else ends the process with exit code 2 and the usage.
 */
export function wholeNumberOption(
  text: string | undefined,
  fallback: number,
  name: string,
  min: number,
  usage: string,
): number {
  const value = text === undefined ? fallback : Number(text.replace(/[_,]/g, ""));
  if (!Number.isInteger(value) || value < min) {
    console.error(`--${name} must be a whole number >= ${min} (got "${text}")\n${usage}`);
    process.exit(2);
  }
  return value;
}
