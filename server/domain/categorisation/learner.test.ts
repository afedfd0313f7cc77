import { describe, expect, it } from "vitest";
import { CategoryLearner } from "./learner";
import { merchantGrams, merchantKey, merchantWords } from "./merchant-text";

describe("merchantWords", () => {
  it("keeps who was paid and drops what changes from one payment to the next", () => {
    expect(merchantKey("REWE SAGT DANKE 4711 KÖLN 02.03.")).toBe("rewe koln");
    expect(merchantKey("Rewe Markt GmbH 0815//Köln/DE")).toBe("rewe markt gmbh koln de");
    expect(merchantKey("SQ *BLUE BOTTLE COFFEE 03:14p xxxx1234")).toBe("blue bottle coffee");
    expect(merchantKey("PAYPAL *NETFLIX.COM 4029357733")).toBe("netflix com");
    expect(merchantKey("Kartenzahlung girocard EDEKA Ref 9F3A77B21")).toBe("edeka");
    expect(merchantKey("7-ELEVEN #7458")).toBe("7 eleven");
  });

  it("splits text written without spaces into characters", () => {
    expect(merchantWords("美团外卖 订单")).toEqual(["美", "团", "外", "卖", "订", "单"]);
  });

  it("keeps Korean words whole, as Korean writes them with spaces, and their syllables as written", () => {
    expect(merchantWords("스타벅스 강남점")).toEqual(["스타벅스", "강남점"]);
    expect(merchantGrams("스타벅스")).toEqual(["^스타", "스타벅", "타벅스", "벅스$"]);
  });

  it("folds accents but keeps the kana voiced marks, which make another letter", () => {
    expect(merchantWords("セブン-イレブン")).toEqual(["セ", "ブ", "ン", "イ", "レ", "ブ", "ン"]);
    // Half-width kana (card statements, Shift_JIS exports) read as the full-width they stand for.
    expect(merchantKey("ｾﾌﾞﾝｲﾚﾌﾞﾝ")).toBe(merchantKey("セブンイレブン"));
    expect(merchantKey("バス")).not.toBe(merchantKey("ハス"));
  });

  it("gives a word's character trigrams with its edges marked", () => {
    expect(merchantGrams("rewe")).toEqual(["^re", "rew", "ewe", "we$"]);
    expect(merchantGrams("db")).toEqual([]);
  });

  it("reads plain and accented spellings of a name alike", () => {
    expect(merchantKey("CAFE DE FLORE 12.03.")).toBe("cafe de flore");
    expect(merchantKey("Café de Flore")).toBe("cafe de flore");
  });

  it("keeps a name of letters and digits when nothing else names the merchant", () => {
    expect(merchantKey("Eat24")).toBe("eat24");
    expect(merchantKey("G20 0815")).toBe("g20");
    expect(merchantKey("Cloud9 Hosting 4711")).toBe("hosting");
  });

  it("reads nothing from empty text", () => {
    expect(merchantWords(null)).toEqual([]);
    expect(merchantKey("  12345678  ")).toBe("");
  });
});

const GROCERIES = "groceries";
const RENT = "rent";
const SALARY = "salary";
const FUEL = "fuel";

function history() {
  return [
    { description: "REWE SAGT DANKE 4711 KOELN", amount: "-23.10", categoryId: GROCERIES },
    { description: "REWE SAGT DANKE 0815 BONN", amount: "-41.80", categoryId: GROCERIES },
    { description: "EDEKA MARKT 123", amount: "-12.99", categoryId: GROCERIES },
    { description: "Miete Wohnung Mai", counterparty: "Hausverwaltung Schmidt", amount: "-950.00", categoryId: RENT },
    { description: "Miete Wohnung Juni", counterparty: "Hausverwaltung Schmidt", amount: "-950.00", categoryId: RENT },
    { description: "ACME GmbH Lohn 05", amount: "3100.00", categoryId: SALARY },
    { description: "ACME GmbH Lohn 06", amount: "3100.00", categoryId: SALARY },
    { description: "ARAL STATION 0042", amount: "-60.00", categoryId: FUEL },
  ];
}

describe("CategoryLearner", () => {
  it("answers a known merchant with its category, the reason naming how often it was seen", () => {
    const learner = CategoryLearner.trainedOn(history());
    const suggestion = learner.suggest({ description: "REWE SAGT DANKE 9999 KOELN 03.07.", amount: "-17.45" });
    expect(suggestion).toMatchObject({ categoryId: GROCERIES });
    expect(suggestion!.confidence).toBeGreaterThan(0.5);
    expect(suggestion!.reason).toBe("like 1 earlier transaction “rewe koeln”");
  });

  it("lets the person's words outweigh a merchant seen on one earlier row only, never a habit", () => {
    const PETS = "pets";
    // The same shop's other branches went to the pets' category every time; one row of it to groceries.
    const pets = [
      "PET SHOP HATO CENTRO",
      "PET SHOP HATO CENTRO",
      "PET SHOP HATO BAIRRO",
      "PET SHOP HATO BAIRRO",
      "PET SHOP PETZ",
    ];
    const rows = [
      ...history(),
      ...pets.map((description) => ({ description, amount: "-20.00", categoryId: PETS })),
      { description: "PET SHOP HATO", amount: "-15.00", categoryId: GROCERIES },
    ];
    expect(CategoryLearner.trainedOn(rows).suggest({ description: "PET SHOP HATO", amount: "-84.81" })).toMatchObject({
      categoryId: PETS,
    });
    // Seen twice, the merchant's category is a habit the words do not overrule.
    const twice = [...rows, { description: "PET SHOP HATO", amount: "-9.00", categoryId: GROCERIES }];
    expect(CategoryLearner.trainedOn(twice).suggest({ description: "PET SHOP HATO", amount: "-84.81" })).toMatchObject({
      categoryId: GROCERIES,
    });
  });

  it("generalises from words to a text never seen whole", () => {
    const learner = CategoryLearner.trainedOn(history());
    expect(learner.suggest({ description: "REWE CITY 22 DUESSELDORF", amount: "-8.20" })).toMatchObject({
      categoryId: GROCERIES,
      reason: "like 2 earlier transactions “rewe …”",
    });
    expect(learner.suggest({ description: "Miete Wohnung Juli", amount: "-950.00" })?.categoryId).toBe(RENT);
  });

  it("says nothing for a workspace without categorised rows, or below its confidence", () => {
    expect(new CategoryLearner().suggest({ description: "REWE", amount: "-1.00" })).toBeNull();
    const strict = CategoryLearner.trainedOn(history(), { minConfidence: 0.99 });
    expect(strict.suggest({ description: "Something else entirely", amount: "-5.00" })).toBeNull();
  });

  it("follows the person's changes at once: learn and unlearn", () => {
    const learner = CategoryLearner.trainedOn(history());
    const shop = { description: "DM DROGERIE 4411", amount: "-9.95" };
    learner.learn(shop, "drugstore");
    expect(learner.suggest({ description: "DM DROGERIE 0007", amount: "-3.45" })?.categoryId).toBe("drugstore");
    learner.unlearn(shop, "drugstore");
    expect(learner.size).toBe(history().length);
    expect(learner.suggest({ description: "DM DROGERIE 0007", amount: "-3.45" })?.categoryId).not.toBe("drugstore");
  });

  it("lets a merchant's new habit win once most of its rows agree", () => {
    const learner = CategoryLearner.trainedOn(history());
    for (let i = 0; i < 3; i += 1) learner.learn({ description: `ARAL STATION 00${i}`, amount: "-4.50" }, "snacks");
    expect(learner.suggest({ description: "ARAL STATION 0099", amount: "-5.00" })?.categoryId).toBe("snacks");
  });

  it("follows a merchant whose latest rows all went to another category", () => {
    const learner = CategoryLearner.trainedOn(history());
    for (let i = 0; i < 4; i += 1) learner.learn({ description: "EDEKA CITY 4711", amount: "-5.00" }, GROCERIES);
    for (let i = 0; i < 3; i += 1) learner.learn({ description: "EDEKA CITY 0815", amount: "-5.00" }, "snacks");
    expect(learner.suggest({ description: "EDEKA CITY 2222", amount: "-4.00" })).toMatchObject({
      categoryId: "snacks",
      reason: "like the latest 3 transactions “edeka city”",
    });
  });

  it("recognises a merchant spelled a little differently by its character trigrams", () => {
    const learner = CategoryLearner.trainedOn([
      ...history(),
      { description: "Panaderia Lopez", amount: "-2.10", categoryId: "bakery" },
      { description: "Panaderia Lopez", amount: "-3.00", categoryId: "bakery" },
    ]);
    expect(learner.suggest({ description: "PANADERÍAS", amount: "-2.50" })?.categoryId).toBe("bakery");
  });

  it("reads the spelling of a merchant's third word too", () => {
    const learner = CategoryLearner.trainedOn([
      ...history(),
      { description: "Maison Kayser Boulangerie", amount: "-4.10", categoryId: "bakery" },
      { description: "Chez Paul Boulangerie", amount: "-3.20", categoryId: "bakery" },
    ]);
    // No word and no amount seen before: the trigrams of "boulanger" (a third word, as in both rows) decide.
    expect(learner.suggest({ description: "Au Bon Boulanger", amount: "-1500.00" })?.categoryId).toBe("bakery");
  });

  it("lets a word of one category outweigh a word every category has", () => {
    const inBerlin = (names: string[], categoryId: string) =>
      names.map((name) => ({ description: `${name} Berlin`, amount: "-12.00", categoryId }));
    const learner = CategoryLearner.trainedOn([
      { description: "Linden Apotheke", amount: "-12.00", categoryId: "pharmacy" },
      ...inBerlin(
        ["Pizzeria Roma", "Sushi Bar", "Cafe Mitte", "Burger Eck", "Curry Haus", "Thai Imbiss"],
        "restaurants",
      ),
      ...inBerlin(["Rewe", "Edeka", "Aldi", "Lidl"], GROCERIES),
      ...inBerlin(["BVG", "S-Bahn", "Taxi Zentrale", "Tier Roller"], "transport"),
    ]);
    // "berlin" came with 14 rows of three categories, "apotheke" with one row of one: the pharmacy it is.
    expect(learner.suggest({ description: "Apotheke Berlin Mitte", amount: "-12.00" })).toMatchObject({
      categoryId: "pharmacy",
      reason: "like 1 earlier transaction with “apotheke”",
    });
  });

  it("learns the name of a merchant spelled with digits", () => {
    const learner = CategoryLearner.trainedOn([
      ...history(),
      { description: "Eat24", amount: "-18.00", categoryId: "takeaway" },
      { description: "Eat24", amount: "-22.00", categoryId: "takeaway" },
    ]);
    expect(learner.suggest({ description: "EAT24", amount: "-15.00" })).toMatchObject({
      categoryId: "takeaway",
      reason: "like 2 earlier transactions “eat24”",
    });
  });

  it("reads a quantity as no word of what was bought: “2 apples” goes where small buys went, not where “2” went", () => {
    const travel: [string, string][] = [
      ["2 train tickets berlin", "-58.00"],
      ["2 nights hostel", "-64.00"],
      ["2 museum passes", "-30.00"],
      ["2 coffees airport", "-7.00"],
      ["2 bus tickets", "-5.00"],
      ["2 day passes", "-9.00"],
    ];
    const learner = CategoryLearner.trainedOn([
      ...travel.map(([description, amount]) => ({ description, amount, categoryId: "travel" })),
      { description: "yoghurt", amount: "-1.20", categoryId: GROCERIES },
      { description: "eggs", amount: "-2.20", categoryId: GROCERIES },
      { description: "bread and milk", amount: "-3.10", categoryId: GROCERIES },
    ]);
    const suggestion = learner.suggest({ description: "2 apples", amount: "-3.40" });
    expect(suggestion?.categoryId).toBe(GROCERIES);
    expect(suggestion?.reason).not.toContain("“2”");
  });

  it("takes back exactly what it learned, also of words every category has", () => {
    const learner = CategoryLearner.trainedOn(history());
    const probes = ["REWE CITY", "Miete Juli", "Kiosk 22", "ARAL", "EDEKA"].map((description) => ({
      description,
      amount: "-20.00",
    }));
    const before = probes.map((row) => learner.suggest(row));
    const extra = Array.from({ length: 12 }, (_, i) => ({
      row: { description: `Kartenzahlung Shop ${String.fromCharCode(97 + i)}x Koeln`, amount: "-20.00" },
      categoryId: `category-${i}`,
    }));
    for (const { row, categoryId } of extra) learner.learn(row, categoryId);
    expect(learner.suggest({ description: "Shop fx Koeln", amount: "-20.00" })?.categoryId).toBe("category-5");
    for (const { row, categoryId } of [...extra].reverse()) learner.unlearn(row, categoryId);
    expect(learner.size).toBe(history().length);
    expect(probes.map((row) => learner.suggest(row))).toEqual(before);
  });

  it("confidences stay in [0, 1]", () => {
    const learner = CategoryLearner.trainedOn(history());
    for (const description of ["REWE", "ACME GmbH Lohn 07", "unknown words here", "ARAL"]) {
      const suggestion = learner.suggest({ description, amount: "-10.00" });
      if (!suggestion) continue;
      expect(suggestion.confidence).toBeGreaterThanOrEqual(0);
      expect(suggestion.confidence).toBeLessThanOrEqual(1);
    }
  });
});

describe("CategoryLearner with one category learned", () => {
  it("suggests it only for a text it has seen: a posterior over one category says nothing", () => {
    const learner = CategoryLearner.trainedOn([
      { description: "Dauerauftrag Miete", counterparty: "Hausverwaltung", amount: "-900.00", categoryId: "rent" },
      { description: "Dauerauftrag Miete", counterparty: "Hausverwaltung", amount: "-900.00", categoryId: "rent" },
    ]);
    expect(learner.suggest({ description: "Zeitung", counterparty: "Kiosk am Eck", amount: "-2.50" })).toBeNull();
    expect(learner.suggest({ description: "Miete April", counterparty: null, amount: "-900.00" })).toMatchObject({
      categoryId: "rent",
    });
  });
});
