import { createHash } from "node:crypto";

/** FNV-1a, to turn a label such as "transactions" into a 32-bit seed. */
function hashSeed(label: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < label.length; index += 1) {
    hash ^= label.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function formatUuid(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** A name-based UUID (version 5 layout): the same name gives the same id on every machine. */
export function nameBasedUuid(namespace: string, name: string): string {
  const bytes = createHash("sha1").update(namespace).update("\u0000").update(name).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  return formatUuid(bytes.toString("hex"));
}

/**
 * mulberry32: a small, fast PRNG whose whole state is one 32-bit number, so a stream seeded
 * with the same label always yields the same sequence (and therefore the same demo data).
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number | string) {
    this.state = (typeof seed === "string" ? hashSeed(seed) : seed) >>> 0;
  }

  nextUint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4_294_967_296;
  }

  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }

  /** Picks an item with probability proportional to its weight. */
  weighted<T extends { weight: number }>(items: readonly T[], totalWeight?: number): T {
    const total = totalWeight ?? items.reduce((sum, item) => sum + item.weight, 0);
    let remaining = this.next() * total;
    for (const item of items) {
      remaining -= item.weight;
      if (remaining < 0) return item;
    }
    const last = items[items.length - 1];
    if (last === undefined) throw new Error("weighted pick from an empty list");
    return last;
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** 128 random bits laid out as an RFC 4122 version 4 UUID. */
  uuid(): string {
    const words = [this.nextUint32(), this.nextUint32(), this.nextUint32(), this.nextUint32()];
    words[1] = ((words[1] ?? 0) & 0xffff0fff) | 0x00004000;
    words[2] = ((words[2] ?? 0) & 0x3fffffff) | 0x80000000;
    return formatUuid(words.map((word) => (word >>> 0).toString(16).padStart(8, "0")).join(""));
  }
}
