import type { OperationExample } from "../examples";

// REWE's booking texts ("REWE SAGT DANKE 4711 BERLIN") filed under Groceries: the categories
// suggested for a few new rows, a rule written from them (its matches counted first), applied to
// this year's uncategorised transactions (a dry run, then for real), and that application undone.
const GROCERIES = "4b40acd0-9b3c-4aa9-8ca9-9b27c523f151";
const RESTAURANTS = "d40c25ee-6b38-4f92-b4de-52ecee986fc3";
const RENT = "01693d04-df46-4fcd-b154-05209f3c1e85";
const CHECKING = "fee9cec8-c211-41e9-b9f8-edf991ae16b0";
const CREDIT_CARD = "8b11cc24-6d69-4a7e-b0df-1ec85306af06";
const REWE_RULE = "0fd47145-9ca5-4508-8fb1-ae59ccd54581";
const LIEFERANDO_RULE = "667b81ba-18ef-4468-9cca-a7ca2d16fcd9";
const APPLICATION = "69287a23-4286-4392-8135-dc944ead1f52";

/** The REWE rule as created; the update adds `type`. */
const REWE = {
  type: "categorisation_rules",
  id: REWE_RULE,
  attributes: {
    name: "REWE",
    position: 1,
    enabled: true,
    conditions: {
      description: { operator: "contains", value: "rewe" },
      counterparty: null,
      amount: null,
      account_id: null,
      type: null as string | null,
    },
    category_id: GROCERIES,
    set_counterparty: "REWE",
    created_at: "2026-11-25T01:24:10.512Z",
    updated_at: "2026-11-25T01:24:10.512Z",
  },
};

const LIEFERANDO = {
  type: "categorisation_rules",
  id: LIEFERANDO_RULE,
  attributes: {
    name: "Lieferando",
    position: 2,
    enabled: true,
    conditions: {
      description: null,
      counterparty: { operator: "starts_with", value: "lieferando" },
      amount: { min: null, max: "80.00", sign: "negative" },
      account_id: null,
      type: null,
    },
    category_id: RESTAURANTS,
    set_counterparty: "Lieferando",
    created_at: "2026-11-18T19:02:44.907Z",
    updated_at: "2026-11-25T01:24:10.512Z",
  },
};

/** The application of the REWE rule to this year's uncategorised transactions, as it started. */
const STARTED = {
  status: "queued",
  rule_ids: [REWE_RULE],
  only_uncategorised: true,
  from: "2026-01-01" as string | null,
  to: null,
  account_id: null as string | null,
  examined_count: 0,
  changed_count: 0,
  restored_count: 0,
  kept_count: 0,
  error: null,
  created_at: "2026-11-25T01:25:00.201Z",
  finished_at: null as string | null,
  undone_at: null as string | null,
};

function application(changes: Partial<typeof STARTED>) {
  return { type: "rule_applications", id: APPLICATION, attributes: { ...STARTED, ...changes } };
}

const COMPLETED = {
  status: "completed",
  examined_count: 74,
  changed_count: 14,
  finished_at: "2026-11-25T01:25:00.872Z",
};

/** Categorisation rules, their applications to past transactions, and category suggestions. */
export const CATEGORISATION_EXAMPLES = {
  suggestCategories: {
    request: {
      items: [
        { description: "REWE SAGT DANKE 4711 BERLIN", counterparty: "REWE SAGT DANKE 4711", amount: "-23.47" },
        { description: "Rent December Hausverwaltung Krause", amount: "-950.00", account_id: CHECKING },
        { description: "SEPA-Lastschrift Mandat 2026-0815", amount: "-12.00" },
      ],
    },
    response: {
      data: [
        {
          transaction_id: null,
          index: 0,
          category_id: GROCERIES,
          category_source: "learned",
          category_confidence: 0.933,
          category_reason: "like 14 earlier transactions “rewe”",
          rule_id: null,
          counterparty: null,
        },
        {
          transaction_id: null,
          index: 1,
          category_id: RENT,
          category_source: "name",
          category_confidence: 0.5,
          category_reason: "the category name “Rent” is in the text",
          rule_id: null,
          counterparty: null,
        },
        {
          transaction_id: null,
          index: 2,
          category_id: null,
          category_source: null,
          category_confidence: null,
          category_reason: null,
          rule_id: null,
          counterparty: null,
        },
      ],
    },
  },
  countCategorisationRuleMatches: {
    request: { conditions: { description: { operator: "contains", value: "rewe" } } },
    response: {
      data: {
        type: "rule_matches",
        id: null,
        attributes: {
          match_count: 28,
          uncategorised_count: 14,
          examined_count: 1187,
          complete: true,
          examples: [
            {
              id: "2909bedc-a384-4885-aa17-57ca581d5962",
              date: "2026-11-25",
              description: "REWE",
              counterparty: "REWE",
              amount: "-4.39",
              currency_code: "EUR",
              category_id: GROCERIES,
            },
            {
              id: "3953a4fc-ffb6-4356-aa45-4c5423c30499",
              date: "2026-11-21",
              description: "REWE SAGT DANKE 4711 BERLIN",
              counterparty: "REWE SAGT DANKE 4711",
              amount: "-18.62",
              currency_code: "EUR",
              category_id: null,
            },
          ],
        },
      },
    },
  },
  createCategorisationRule: {
    request: {
      name: "REWE",
      conditions: { description: { operator: "contains", value: "rewe" } },
      category_id: GROCERIES,
      set_counterparty: "REWE",
      position: 1,
    },
    response: { data: REWE },
  },
  listCategorisationRules: {
    response: {
      data: [REWE, LIEFERANDO],
      meta: {
        pagination: "page",
        page: 1,
        limit: 50,
        total: 2,
        next_cursor: null,
        server_knowledge: "WzEsImNhdGVnb3Jpc2F0aW9uX3J1bGVzIiwiNDgwMDIiXQ",
      },
    },
  },
  getCategorisationRule: { response: { data: REWE } },
  updateCategorisationRule: {
    request: { conditions: { description: { operator: "contains", value: "rewe" }, type: "expense" } },
    response: {
      data: {
        ...REWE,
        attributes: {
          ...REWE.attributes,
          conditions: { ...REWE.attributes.conditions, type: "expense" },
          updated_at: "2026-11-25T01:24:31.096Z",
        },
      },
    },
  },
  deleteCategorisationRule: {}, // sent without a body and answered 204
  // The same body with dry_run false answers 201 (with an Idempotency-Key): the application started.
  applyCategorisationRules: {
    request: { rule_ids: [REWE_RULE], only_uncategorised: true, from: "2026-01-01", dry_run: true },
    response: { data: application({}) },
    responses: {
      "200": {
        data: {
          type: "rule_application_previews",
          id: null,
          attributes: {
            examined_count: 74,
            change_count: 14,
            changes: [
              {
                transaction_id: "401d9582-7e6f-42c2-988c-7ec8d67471df",
                date: "2026-01-03",
                description: "REWE SAGT DANKE 4711 BERLIN",
                amount: "-23.47",
                currency_code: "EUR",
                rule_id: REWE_RULE,
                from_category_id: null,
                to_category_id: GROCERIES,
                from_counterparty: "REWE SAGT DANKE 4711",
                to_counterparty: "REWE",
              },
              {
                transaction_id: "920e2ec6-7bb2-47c8-b417-0d32e77d7db6",
                date: "2026-01-10",
                description: "REWE Markt GmbH Lastschrift",
                amount: "-41.08",
                currency_code: "EUR",
                rule_id: REWE_RULE,
                from_category_id: null,
                to_category_id: GROCERIES,
                from_counterparty: null,
                to_counterparty: "REWE",
              },
            ],
          },
        },
      },
    },
  },
  getRuleApplication: { response: { data: application(COMPLETED) } },
  listRuleApplications: {
    response: {
      data: [
        application(COMPLETED),
        {
          type: "rule_applications",
          id: "2d00f9bd-557d-4682-b390-78bf9ba733d8",
          attributes: {
            ...STARTED,
            status: "undone",
            rule_ids: [LIEFERANDO_RULE],
            only_uncategorised: false,
            from: null,
            account_id: CREDIT_CARD,
            examined_count: 212,
            changed_count: 9,
            restored_count: 8,
            kept_count: 1,
            created_at: "2026-11-18T19:03:12.440Z",
            finished_at: "2026-11-18T19:03:12.981Z",
            undone_at: "2026-11-18T19:07:40.115Z",
          },
        },
      ],
      meta: { pagination: "page", page: 1, limit: 50, total: 2, next_cursor: null },
    },
  },
  undoRuleApplication: { response: { data: application({ ...COMPLETED, status: "undoing" }) } },
} satisfies Record<string, OperationExample>;
