import { describe, expect, it } from "vitest";
import { dateFormatFits } from "./reading-options";

describe("the date formats offered for a column", () => {
  it("puts first the formats that read every cell, each with the first cell read", () => {
    const fits = dateFormatFits(["31.12.2026", "1.2.2026", " "]);
    // The service's reader takes one or two digits for DD and MM: both dotted formats fit.
    expect(fits.filter((fit) => fit.example).map((fit) => [fit.format, fit.example!.day])).toEqual([
      ["DD.MM.YYYY", "2026-12-31"],
      ["D.M.YYYY", "2026-12-31"],
    ]);
    const us = dateFormatFits(["04/03/2026", "12/31/2026"]).filter((fit) => fit.example);
    expect(us.map((fit) => fit.format)).toEqual(["MM/DD/YYYY"]);
    expect(us[0]!.example).toEqual({ cell: "04/03/2026", day: "2026-04-03" });
  });

  it("offers every format, fitting none, when there is no date column yet", () => {
    const fits = dateFormatFits([]);
    expect(fits).toHaveLength(10);
    expect(fits.every((fit) => fit.example === null)).toBe(true);
  });
});
