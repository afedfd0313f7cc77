import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import deReports from "@/messages/de/reports.json";
import enReports from "@/messages/en/reports.json";
import { createFormatter } from "../locale/formatter";
import { insightSummary } from "./insights-panel";
import type { Insight } from "./report-types";

/** The line an insight reads as, from its payload, in the reader's language. */

const words = (locale: "en" | "de") =>
  createTranslator({
    locale,
    messages: { reports: locale === "en" ? enReports : deReports },
    namespace: "reports.insights",
  });

function insight(type: Insight["type"], payload: Record<string, unknown>): Insight {
  return {
    id: `${type}:2026-11`,
    type,
    priority: "medium",
    triggered_at: "2026-11-07T00:00:00.000Z",
    entity_id: null,
    associated_transaction_id: null,
    payload,
  } as Insight;
}

const anomaly = insight("anomaly", {
  merchant: "MediaMarkt Köln",
  date: "2026-11-07",
  amount: "101.30",
  median_amount: "33.28",
  multiple: "3.04",
  currency_code: "EUR",
});
const spike = (merchant: string | null) =>
  insight("spending_spike", {
    amount: "600.00",
    average_amount: "280.00",
    top_merchant: merchant,
    top_merchant_amount: merchant ? "320.00" : null,
    currency_code: "EUR",
  });

describe("insightSummary", () => {
  it("names who was paid and the category", () => {
    const format = createFormatter("en-GB");
    expect(insightSummary(anomaly, format, words("en"), "Electronics")).toBe(
      "An expense of €101.30 at MediaMarkt Köln in Electronics on 7 Nov 2026, 3.04x the usual €33.28.",
    );
    expect(insightSummary(spike("REWE"), format, words("en"), "Groceries")).toBe(
      "Spending of €600.00 in Groceries, against a 3-month average of €280.00; the largest part at REWE (€320.00).",
    );
    expect(insightSummary(spike(null), format, words("en"), "Groceries")).toBe(
      "Spending of €600.00 in Groceries, against a 3-month average of €280.00.",
    );
  });

  it("says the same in German (a no-break space before the euro sign)", () => {
    const format = createFormatter("de-DE");
    expect(insightSummary(anomaly, format, words("de"), "Elektronik")).toBe(
      "Eine Ausgabe von 101,30\u00a0€ bei MediaMarkt Köln in Elektronik am 07.11.2026, das 3,04-Fache des üblichen Betrags von 33,28\u00a0€.",
    );
    expect(insightSummary(spike("REWE"), format, words("de"), "Lebensmittel")).toBe(
      "Ausgaben von 600,00\u00a0€ in Lebensmittel, bei einem 3-Monats-Durchschnitt von 280,00\u00a0€; der größte Teil bei REWE (320,00\u00a0€).",
    );
  });
});
