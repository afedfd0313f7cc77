import { describe, expect, it } from "vitest";
import { receivedFileName } from "../../http/multipart-headers";
import { oneLineName } from "./user-text";

/** Text shown to people as it was written: a direction override makes a page show other words ("\u202Egnp.exe" reads "exe.png"). */
describe("characters that reorder the text shown", () => {
  it("are refused in a name (a workspace's, a token's, a person's), while names in any script are taken", () => {
    const name = oneLineName();
    for (const spoof of ["Demo \u202e", "\u202egnp.exe", "a\u202db"]) {
      const parsed = name.safeParse(spoof);
      expect([spoof, parsed.success]).toEqual([spoof, false]);
      expect(parsed.error!.issues[0]!.message).toContain("reorder");
    }
    // Isolates keep each letter's own direction: a name mixing scripts may hold them.
    for (const plain of ["משפחת כהן", "عائلة أحمد", "Familie Müller 2026", "\u2067משפחת כהן\u2069 family"])
      expect(name.safeParse(plain)).toMatchObject({ success: true, data: plain });
  });

  it("are dropped from an uploaded file's name, with the control characters", () => {
    expect(receivedFileName("\u202e\u202evsc.exe\u0000.csv")).toBe("vsc.exe.csv");
    expect(receivedFileName("C:\\Users\\me\\Kontoauszug März.csv")).toBe("Kontoauszug März.csv");
    expect(receivedFileName("\u2067")).toBe("statement");
  });
});
