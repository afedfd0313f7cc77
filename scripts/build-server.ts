/**
 * npm run build's second half: the production server (scripts/serve.ts and the server code it
 * imports) bundled into one ES module beside Next's build (scripts/server-bundle.ts), so it starts
 * with plain `node`. Packages stay in node_modules and load as they are (native, WebAssembly and
 * worker-thread files stay where they expect to be); only the project's own TypeScript is compiled,
 * once, here. `npm start` runs it after `next build` too.
 *
 * Why not tsx at run time: tsx compiles nothing twice (it caches), but its loader stands between
 * every module and Node, Next's chunks included. A start took about 7 s of CPU and 5 s to answer
 * under tsx; from the bundle 3.4 s and 2.4 s (a test run starts about 30 servers).
 *
 * Stack traces name lines of serve.mjs: `node --enable-source-maps .next/serve.mjs` maps them to the
 * TypeScript (serve.mjs.map is written beside it and read only when asked: reading it costs every start).
 */
import { build } from "esbuild";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { projectRoot, serverBundlePath } from "./server-bundle";

export async function buildServer(): Promise<string> {
  const outfile = serverBundlePath();
  await build({
    absWorkingDir: projectRoot,
    entryPoints: ["scripts/serve.ts"],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    logLevel: "warning",
  });
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const outfile = await buildServer();
  console.log(`Server bundle: ${path.relative(projectRoot, outfile)} (${Math.round(performance.now() - started)} ms)`);
}
