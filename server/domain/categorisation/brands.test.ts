import { describe, expect, it, vi } from "vitest";
import { brandKindName, brandKinds } from "./brands";
import { CategoryLearner } from "./learner";
import { merchantWords } from "./merchant-text";

const kindsOf = (text: string) => {
  const kinds = new Set<number>();
  brandKinds(merchantWords(text), kinds);
  return [...kinds].map(brandKindName).sort();
};

describe("brandKinds", () => {
  it("answers a text without merchant words as the first call of a process (the lexicon not yet read)", async () => {
    vi.resetModules();
    const fresh = await import("./learner");
    const learner = fresh.CategoryLearner.trainedOn([
      { description: "4711 0815", amount: "-3.00", categoryId: "misc" },
      { description: "REWE 12", amount: "-20.00", categoryId: "groceries" },
    ]);
    expect(learner.suggest({ description: "REWE 13", amount: "-21.00" })?.categoryId).toBe("groceries");
  });

  it("names the kind of place of brands from many countries, as bank texts write them", () => {
    for (const text of [
      "REWE SAGT DANKE 4711 KOELN",
      "Mercadona Valencia",
      "MONOPRIX PARIS 11",
      "Lidl",
      "Aldi Süd 0815",
    ])
      expect(kindsOf(text), text).toContain("shop=supermarket");
    expect(kindsOf("CVS/PHARMACY #1234")).toContain("amenity=pharmacy");
    expect(kindsOf("Starbucks Coffee 0042")).toContain("amenity=cafe");
    expect(kindsOf("SNCF VOYAGEURS")).toEqual(["transit"]);
  });

  it("names the kind of Korean and Japanese brands and places as their statements write them", () => {
    expect(kindsOf("카페베네 종로점")).toContain("amenity=cafe");
    expect(kindsOf("이마트 성수점")).toContain("shop=supermarket");
    expect(kindsOf("京王バス 乗車")).toEqual(["transit"]);
    expect(kindsOf("ﾄﾞﾄｰﾙ 新宿")).toContain("amenity=cafe");
  });

  it("prefers the longest name and reads only the leading words", () => {
    // "Coop 365" is a Danish discounter; "coop" alone is several kinds of shop.
    expect(kindsOf("Coop 365 Nordhavn")).toEqual(["shop=supermarket"]);
    expect(kindsOf("Refund for order 1234 from the lidl")).toEqual([]);
  });

  it("names the kind of place that ordinary words say, in many languages and anywhere in the text", () => {
    for (const text of ["Pizzeria Da Mario", "Trattoria Bella", "Ristorante Il Gallo"])
      expect(kindsOf(text), text).toContain("amenity=restaurant");
    for (const text of ["Boulangerie Dupont", "Panaderia La Espiga", "Kartenzahlung Weber Bäckerei"])
      expect(kindsOf(text), text).toContain("shop=bakery");
    expect(kindsOf("Farmacia Centrale")).toContain("amenity=pharmacy");
    expect(kindsOf("Zahnarzt Dr Weber")).toContain("amenity=dentist");
    expect(kindsOf("Friseur Salon Anna")).toContain("shop=hairdresser");
  });

  it("finds nothing in a text that names no brand", () => {
    expect(kindsOf("Netflix.com 4029357733")).not.toContain("amenity=restaurant");
    expect(kindsOf("")).toEqual([]);
  });
});

describe("a learner with brand kinds", () => {
  const GROCERIES = "groceries";
  const PHARMACY = "pharmacy";
  const TRAVEL = "travel";
  const learner = CategoryLearner.trainedOn([
    { description: "REWE SAGT DANKE 4711", amount: "-23.10", categoryId: GROCERIES },
    { description: "EDEKA CENTER 12", amount: "-41.80", categoryId: GROCERIES },
    { description: "Lidl Dienstleistung", amount: "-12.99", categoryId: GROCERIES },
    { description: "Walgreens #4021", amount: "-15.20", categoryId: PHARMACY },
    { description: "Boots UK 339", amount: "-9.40", categoryId: PHARMACY },
    { description: "Deutsche Bahn Fernverkehr", amount: "-89.00", categoryId: TRAVEL },
    { description: "DSB Billet", amount: "-24.00", categoryId: TRAVEL },
    // Travel is the most frequent category: without the brands' kinds an unknown name would go there.
    { description: "Deutsche Bahn Fernverkehr", amount: "-19.00", categoryId: TRAVEL },
    { description: "Deutsche Bahn Regio", amount: "-21.00", categoryId: TRAVEL },
    { description: "DSB Billet", amount: "-18.00", categoryId: TRAVEL },
  ]);

  it("puts a supermarket, pharmacy or railway never paid before where the person's others went, and says why", () => {
    const cases = [
      ["Mercadona Valencia", GROCERIES],
      ["Monoprix Paris", GROCERIES],
      ["Netto Nordhavn", GROCERIES],
      ["CVS Pharmacy 0815", PHARMACY],
      ["SNCF Voyageurs", TRAVEL],
    ] as const;
    for (const [description, category] of cases) {
      const suggestion = learner.suggest({ description, amount: "-20.00" });
      expect(suggestion?.categoryId, description).toBe(category);
    }
    expect(learner.suggest({ description: "Mercadona Valencia", amount: "-20.00" })?.reason).toBe(
      "like earlier transactions at other places of its kind (supermarket)",
    );
  });
});

describe("a learner with the kinds that ordinary words say", () => {
  const BAKERY = "bakery";
  const EATING_OUT = "eating-out";
  const HEALTH = "health";
  const learner = CategoryLearner.trainedOn([
    { description: "Bäckerei Schmidt", amount: "-3.10", categoryId: BAKERY },
    { description: "Boulangerie Paul", amount: "-4.20", categoryId: BAKERY },
    { description: "Pizzeria Roma", amount: "-24.50", categoryId: EATING_OUT },
    { description: "Ristorante Il Gallo", amount: "-41.00", categoryId: EATING_OUT },
    { description: "Apotheke am Markt", amount: "-12.80", categoryId: HEALTH },
    { description: "Farmacia Centrale", amount: "-9.90", categoryId: HEALTH },
    // The most frequent category: without the kinds a text of unknown words would go here.
    { description: "Pizzeria Roma", amount: "-19.00", categoryId: EATING_OUT },
    { description: "Pizzeria Roma", amount: "-22.00", categoryId: EATING_OUT },
  ]);

  it("puts a bakery, restaurant or pharmacy never paid before where the person's others went", () => {
    const cases = [
      ["Panaderia La Espiga", BAKERY],
      ["Bakery on Main Street", BAKERY],
      ["Trattoria Bella Napoli", EATING_OUT],
      ["Pharmacie du Centre", HEALTH],
    ] as const;
    for (const [description, category] of cases)
      expect(learner.suggest({ description, amount: "-8.00" })?.categoryId, description).toBe(category);
  });
});
