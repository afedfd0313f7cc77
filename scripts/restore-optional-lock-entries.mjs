// The npm registry this project installs from lacks Next's macOS and Windows compiler packages,
// so `npm install` can leave them out of package-lock.json, and `npm ci` then refuses the lock
// ("Missing: @next/swc-darwin-arm64@ from lock file"). This restores their entries: npm never
// downloads them on Linux, it only needs to know they exist. Run it after changing dependencies.
import { readFileSync, writeFileSync } from "node:fs";

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const packages = lock.packages;
const added = [];
for (const [name, version] of Object.entries(packages["node_modules/next"]?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (packages[key]) continue;
  const [os, cpu] = name.replace("@next/swc-", "").split("-");
  packages[key] = { version, cpu: [cpu], license: "MIT", optional: true, os: [os], engines: { node: ">= 10" } };
  added.push(name);
}
const [rootKey, ...keys] = Object.keys(packages);
lock.packages = Object.fromEntries([rootKey, ...keys.sort()].map((key) => [key, packages[key]]));
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `restored ${added.join(", ")}` : "package-lock.json already complete");
