import { readFileSync } from "node:fs";
import { expect } from "vitest";

/** Every secret a test file handled, to look for in the server's log at the end. */
export class SecretRecorder {
  private readonly secrets = new Set<string>();

  add<T extends string>(secret: T): T {
    this.secrets.add(secret);
    return secret;
  }

  expectAbsentFrom(logFile: string): void {
    const log = readFileSync(logFile, "utf8");
    expect(log.length).toBeGreaterThan(0);
    expect(this.secrets.size).toBeGreaterThan(0);
    const leaked = [...this.secrets].filter((secret) => log.includes(secret));
    expect(leaked).toEqual([]);
  }
}
