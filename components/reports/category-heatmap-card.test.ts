import { describe, expect, it } from "vitest";
import { wholeAmount } from "./category-heatmap-card";

describe("wholeAmount", () => {
  it("rounds a cell's amount to whole units, half away from zero, without a float", () => {
    expect(
      ["129.99", "129.49", "0.50", "0.49", "1150.00", "-2.50", "-0.40", "99999999999999.50", "7"].map(wholeAmount),
    ).toEqual(["130", "129", "1", "0", "1150", "-3", "0", "100000000000000", "7"]);
  });
});
