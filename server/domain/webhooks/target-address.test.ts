import { describe, expect, it } from "vitest";
import { checkWebhookUrlForm, notPublicReason, resolveTarget, TargetRefused } from "./target-address";

const strict = { allowHttp: false, allowPrivate: false };

describe("where a webhook may be sent", () => {
  it("refuses every address that is not public, also when written inside an IPv6 address", () => {
    const refused: Array<[string, RegExp]> = [
      ["127.0.0.1", /loopback/],
      ["127.255.0.9", /loopback/],
      ["10.1.2.3", /private/],
      ["172.16.0.1", /private/],
      ["172.31.255.255", /private/],
      ["192.168.1.1", /private/],
      ["169.254.169.254", /link-local.*metadata/],
      ["100.100.100.200", /carrier-grade/],
      ["0.0.0.0", /this network/],
      ["224.0.0.1", /multicast/],
      ["255.255.255.255", /reserved/],
      ["::1", /loopback/],
      ["::", /unspecified/],
      ["fd00:ec2::254", /unique-local/],
      ["fe80::1", /link-local/],
      ["::ffff:127.0.0.1", /loopback/],
      ["::ffff:a9fe:a9fe", /link-local/],
      ["64:ff9b::10.0.0.1", /private/],
      ["2002:7f00:1::", /loopback/],
      ["::ffff:0:a00:1", /private/],
      ["64:ff9b:1::808:808", /local-use NAT64/],
      ["2001:0:4136:e378::1", /Teredo/],
      ["fec0::1", /site-local/],
    ];
    for (const [address, reason] of refused) expect(notPublicReason(address), address).toMatch(reason);
    for (const address of ["8.8.8.8", "1.1.1.1", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
      expect(notPublicReason(address), address).toBeNull();
  });

  it("takes absolute https URLs only (http when allowed), without credentials or fragments, at most 2,000 characters", () => {
    expect(checkWebhookUrlForm("https://hooks.example.com/in?x=1", strict).href).toBe(
      "https://hooks.example.com/in?x=1",
    );
    const refusal = (url: string, rules = strict) => {
      try {
        checkWebhookUrlForm(url, rules);
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(TargetRefused);
        return (error as Error).message;
      }
    };
    expect(refusal("/hooks")).toMatch(/absolute URL/);
    expect(refusal("hooks.example.com")).toMatch(/absolute URL/);
    expect(refusal("http://hooks.example.com")).toMatch(/https:\/\/ \(http:\/\/ is not allowed here\)/);
    expect(refusal("http://hooks.example.com", { allowHttp: true, allowPrivate: false })).toBeNull();
    expect(refusal("ftp://hooks.example.com")).toMatch(/https/);
    expect(refusal("https://user:pw@hooks.example.com")).toMatch(/user name or password/);
    expect(refusal("https://hooks.example.com/#x")).toMatch(/fragment/);
    expect(refusal(`https://hooks.example.com/${"a".repeat(2_000)}`)).toMatch(/at most 2000 characters/);
  });

  it("refuses a name that resolves to loopback, and an address literal, unless private addresses are allowed", async () => {
    await expect(resolveTarget(new URL("https://localhost/hook"), strict)).rejects.toThrow(
      /localhost resolves to .*loopback/,
    );
    await expect(resolveTarget(new URL("https://[::1]:8443/hook"), strict)).rejects.toThrow(/::1, a loopback/);
    await expect(resolveTarget(new URL("https://169.254.169.254/latest"), strict)).rejects.toThrow(/metadata/);
    await expect(resolveTarget(new URL("https://no-such-host.invalid/"), strict)).rejects.toThrow(/does not resolve/);
    expect(await resolveTarget(new URL("http://127.0.0.1:9/"), { allowHttp: true, allowPrivate: true })).toEqual({
      address: "127.0.0.1",
      family: 4,
    });
  });
});
