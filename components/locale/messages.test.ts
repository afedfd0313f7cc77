import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { MESSAGE_LANGUAGES } from "@/messages/catalogue";

/** "a.b.c" -> message, for every message of a catalogue. */
function flatten(tree: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [inner, text] of flatten(value, path)) out.set(inner, text);
  }
  return out;
}

/** The arguments and tags a message takes ("{count, plural, ...}" -> "count:plural", "<code>" -> "<code>"). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      into.add(`<${element.value}>`);
      argumentsOf(element.children, into);
      continue;
    }
    const kind = element.type === TYPE.plural ? "plural" : element.type === TYPE.select ? "select" : "value";
    into.add(`${element.value}:${kind}`);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

const english = flatten(MESSAGE_LANGUAGES.en);

describe("the message catalogues", () => {
  it("have English messages", () => {
    expect(english.size).toBeGreaterThan(0);
  });

  for (const [language, catalogue] of Object.entries(MESSAGE_LANGUAGES)) {
    const messages = flatten(catalogue);

    it(`${language}: has every English message and no other`, () => {
      expect([...english.keys()].filter((key) => !messages.has(key))).toEqual([]);
      expect([...messages.keys()].filter((key) => !english.has(key))).toEqual([]);
    });

    it(`${language}: every message parses, is not empty, and takes the English message's arguments`, () => {
      const wrong: string[] = [];
      for (const [key, text] of messages) {
        const source = english.get(key);
        if (source === undefined) continue;
        if (text.trim() === "") {
          wrong.push(`${key}: empty`);
          continue;
        }
        try {
          const mine = [...argumentsOf(parse(text))].sort();
          const theirs = [...argumentsOf(parse(source))].sort();
          if (mine.join() !== theirs.join()) wrong.push(`${key}: ${mine.join(" ")} instead of ${theirs.join(" ")}`);
        } catch (error) {
          wrong.push(`${key}: ${(error as Error).message}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
