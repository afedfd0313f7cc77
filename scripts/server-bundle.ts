import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The production server as `npm run build` leaves it (scripts/build-server.ts): scripts/serve.ts and
 * the server code it imports, bundled into one ES module beside Next's build, run with plain `node`.
 */

/** The project's folder (where package.json is). */
export const projectRoot = fileURLToPath(new URL("..", import.meta.url));

/** `<distDir>/serve.mjs`: beside Next's build (NEXT_DIST_DIR, as next.config.ts reads it). */
export function serverBundlePath(distDir = process.env.NEXT_DIST_DIR || ".next"): string {
  return path.resolve(projectRoot, distDir, "serve.mjs");
}

/** The arguments of `node` that start the built server on this port (and host). */
export function serveArguments(port: number | string, host?: string): string[] {
  return [serverBundlePath(), "--port", String(port), ...(host ? ["--host", host] : [])];
}
