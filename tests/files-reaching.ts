import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { globSync } from "tinyglobby";

/**
 * The test files whose imports reach `targets` (one of them), followed through the project's own modules
 * (relative and `@/` paths; packages are not followed). Type-only imports do not count: they run no
 * code. vitest.config.ts uses it for the rule of the PostgreSQL pass: a file runs on both engines
 * when its code reaches the module that opens a database and sends SQL (server/db/client.ts); a file
 * that never reaches it cannot behave differently on PostgreSQL and PGlite. vitest.http.config.ts
 * uses it for the HTTP suite's PostgreSQL pass.
 */
export function filesReaching(
  root: string,
  patterns: readonly string[],
  targets: string | readonly string[],
): string[] {
  const wanted = new Set([targets].flat().map((target) => path.resolve(root, target)));
  const reaches = new Map<string, boolean>();

  const visit = (file: string): boolean => {
    const known = reaches.get(file);
    if (known !== undefined) return known;
    reaches.set(file, false); // an import cycle back here adds nothing
    const found = wanted.has(file) || importsOf(file, root).some(visit);
    reaches.set(file, found);
    return found;
  };

  return patterns
    .flatMap((pattern) => globSync(pattern, { cwd: root, ignore: ["**/node_modules/**"] }))
    .map((file) => path.resolve(root, file))
    .filter(visit)
    .map((file) => path.relative(root, file))
    .sort();
}

// import x from "m", import { a, type B } from "m", import "m", export { a } from "m", export * from "m",
// import("m"); not `import type ... from` nor `export type ... from`.
const IMPORT =
  /(?:^|[;\s])(?:import|export)\s+(?!type\s)(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

const EXTENSIONS = ["", ".ts", ".tsx", ".mjs", ".js", "/index.ts", "/index.tsx"];

/** The project files `file` imports for their code. */
function importsOf(file: string, root: string): string[] {
  if (!/\.(ts|tsx|mjs|js)$/.test(file) || !existsSync(file)) return [];
  const source = readFileSync(file, "utf8");
  const files: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? "";
    const base = specifier.startsWith("@/")
      ? path.join(root, specifier.slice(2))
      : specifier.startsWith(".")
        ? path.resolve(path.dirname(file), specifier)
        : undefined;
    if (base === undefined) continue;
    const resolved = EXTENSIONS.map((extension) => base + extension).find(
      (candidate) => existsSync(candidate) && /\.(ts|tsx|mjs|js)$/.test(candidate),
    );
    if (resolved) files.push(resolved);
  }
  return files;
}
