import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const SCRIPT = fileURLToPath(new URL("./test-prerequisites.sh", import.meta.url));
// Looked up here: the runs below get a PATH without bash on it.
const BASH =
  ["/bin/bash", "/usr/bin/bash"].find((candidate) => spawnSync(candidate, ["-c", "true"]).status === 0) ?? "bash";

let scratch: string;
let emptyDir: string;
let chromiumStub: string;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "pfa-prerequisites-"));
  emptyDir = path.join(scratch, "empty");
  mkdirSync(emptyDir);
  chromiumStub = executable(path.join(scratch, "stub-chrome"), "exit 0");
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function executable(file: string, body: string): string {
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

/** Runs the step with only the given variables changed; returns its exit status, output and time. */
function runStep(env: Record<string, string>, script = SCRIPT, args: string[] = []) {
  const started = performance.now();
  const result = spawnSync(BASH, [script, ...args], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 20_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, ms: performance.now() - started };
}

describe("npm test's prerequisite step", () => {
  it("stops within seconds with the install command when there is no Chromium and no way to install one", () => {
    const run = runStep({ PATH: emptyDir, CHROMIUM_PATH: emptyDir, PFA_SIMULATE_NON_ROOT: "1" });

    expect(run.status).toBe(1);
    expect(run.ms).toBeLessThan(5_000);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(`CHROMIUM_PATH=${emptyDir} is not an executable file`);
    expect(run.stderr).toContain("sudo apt-get update && sudo apt-get install -y chromium-headless-shell");
    expect(run.stderr).toContain("CHROMIUM_PATH=/path/to/chrome npm test");
  });

  it("passes on the Chromium CHROMIUM_PATH names and prints its path for Playwright", () => {
    const run = runStep({
      PATH: path.dirname(process.execPath),
      CHROMIUM_PATH: chromiumStub,
      PFA_SIMULATE_NON_ROOT: "1",
    });

    expect(run.stderr).toContain(`Chromium for Playwright at ${chromiumStub}`);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`${chromiumStub}\n`);
    expect(run.ms).toBeLessThan(5_000);
  });

  it("refuses a Node.js older than package.json's engines", () => {
    const bin = path.join(scratch, "old-node-bin");
    mkdirSync(bin);
    executable(path.join(bin, "node"), "echo v20.18.3");

    const run = runStep({ PATH: bin, CHROMIUM_PATH: chromiumStub });

    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Node 20.18.3 is older than package.json's engines (>=20.19)");
  });

  it("asks for npm install when node_modules is missing, except before the install", () => {
    const checkout = path.join(scratch, "fresh-clone");
    mkdirSync(path.join(checkout, "scripts"), { recursive: true });
    copyFileSync(SCRIPT, path.join(checkout, "scripts", "test-prerequisites.sh"));
    writeFileSync(path.join(checkout, "package.json"), JSON.stringify({ engines: { node: ">=20.19" } }));
    const script = path.join(checkout, "scripts", "test-prerequisites.sh");
    const env = { PATH: path.dirname(process.execPath), CHROMIUM_PATH: chromiumStub };

    const run = runStep(env, script);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("node_modules is missing: run npm install first.");

    const beforeInstall = runStep(env, script, ["--before-install"]);
    expect(beforeInstall.status).toBe(0);
    expect(beforeInstall.stdout).toBe(`${chromiumStub}\n`);
  });
});
