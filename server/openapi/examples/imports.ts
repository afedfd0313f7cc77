import type { OperationExample } from "../examples";

// One statement through its life: a CSV of three rows uploaded to Everyday Checking, read again,
// its first row given a category, confirmed, booked by the worker, then reverted. Every answer
// carries the same job.
const JOB_ID = "ebc6538a-4a27-4216-ba78-61b6ccb1ed89";
const ACCOUNT_ID = "fee9cec8-c211-41e9-b9f8-edf991ae16b0";
const CSV =
  "Date,Description,Amount\n2026-11-20,Bakery Sonnenschein,-4.80\n2026-11-21,Salary November,2450.00\n" +
  "2026-11-22,Streamflix subscription,-12.99\n";

/** The job's attributes as the upload answered them; the later answers change a few. */
const UPLOADED = {
  bank_key: "generic_csv",
  bank_name: null,
  file_name: "november.csv",
  file_type: "csv",
  total_rows: 3,
  imported_count: 0,
  skipped_count: 0,
  skipped_existing_count: 0,
  error_count: 0,
  status: "parsed",
  preview_version: 1,
  parse_options: {
    amount_semantics: "signed_debit_negative",
    amount_semantics_required: false,
    encoding: "utf-8",
    delimiter: ",",
    header_row: 1,
    skip_rows: 0,
    date_format: "YYYY-MM-DD",
    decimal_separator: ".",
    columns: { date: "Date", amount: "Amount", description: "Description" },
    account_map_required: false,
  },
  warnings: [],
  error_message: null,
  account_id: ACCOUNT_ID,
  statements: [
    {
      account: "statement 1",
      account_name: null,
      currency_code: null,
      transaction_count: 3,
      account_id: ACCOUNT_ID,
      matched_by: "import_account",
    },
  ],
  preview: [
    {
      row: 1,
      date: "2026-11-20",
      amount: "-4.80",
      currency_code: "EUR",
      description: "Bakery Sonnenschein",
      counterparty: null,
      external_id: null,
      category_id: null as string | null,
      category_source: null,
      category_confidence: null,
      category_reason: null,
      state: "new",
      duplicate_of: null,
      duplicate_reason: null,
      duplicate_day_distance: null,
      duplicate_similarity: null,
      problems: [],
      account_id: ACCOUNT_ID,
    },
    {
      row: 2,
      date: "2026-11-21",
      amount: "2450.00",
      currency_code: "EUR",
      description: "Salary November",
      counterparty: null,
      external_id: null,
      category_id: "caeccd7c-dafd-49e4-908d-577efb48e76f",
      category_source: "learned",
      category_confidence: 0.917,
      category_reason: "like 11 earlier transactions “salary”",
      state: "new",
      duplicate_of: null,
      duplicate_reason: null,
      duplicate_day_distance: null,
      duplicate_similarity: null,
      problems: [],
      account_id: ACCOUNT_ID,
    },
    {
      row: 3,
      date: "2026-11-22",
      amount: "-12.99",
      currency_code: "EUR",
      description: "Streamflix subscription",
      counterparty: null,
      external_id: null,
      category_id: null,
      category_source: null,
      category_confidence: null,
      category_reason: null,
      state: "new",
      duplicate_of: null,
      duplicate_reason: null,
      duplicate_day_distance: null,
      duplicate_similarity: null,
      problems: [],
      account_id: ACCOUNT_ID,
    },
  ],
  preview_total: 3,
  preview_page: 1,
  preview_limit: 1000,
  preview_counts: { new: 3, duplicate: 0, invalid: 0, pre_opening: 0 },
  opening_balance_adjusted: [],
  closing_balances: [],
  reverted_at: null as string | null,
  created_at: "2026-11-25T01:23:03.802Z",
  updated_at: "2026-11-25T01:23:03.802Z",
};

/** The preview once row 1 was given a category with PATCH .../preview (editImportPreview). */
const EDITED_PREVIEW = UPLOADED.preview.map((row) =>
  row.row === 1 ? { ...row, category_id: "4b40acd0-9b3c-4aa9-8ca9-9b27c523f151" } : row,
);

function job(changes: Partial<typeof UPLOADED>) {
  return { type: "import_jobs", id: JOB_ID, attributes: { ...UPLOADED, ...changes } };
}

/** Statement imports, in the order a script makes the calls. */
export const IMPORT_EXAMPLES = {
  uploadImport: {
    request: {
      account_id: ACCOUNT_ID,
      amount_semantics: "signed_debit_negative",
      parse_options: '{"delimiter":",","date_format":"YYYY-MM-DD"}',
      file: CSV,
    },
    response: {
      data: job({}),
      side_effects: [
        {
          domain: "import_jobs",
          id: JOB_ID,
          action: "create",
          data: { status: "parsed", total_rows: 3, account_id: ACCOUNT_ID },
        },
      ],
    },
  },
  reparseImport: {
    request: {
      parse_options: {
        delimiter: ",",
        date_format: "YYYY-MM-DD",
        decimal_separator: ".",
        columns: { date: "Date", description: "Description", amount: "Amount" },
        amount_semantics: "signed_debit_negative",
      },
    },
    response: {
      data: job({ preview_version: 2, updated_at: "2026-11-25T01:23:03.875Z" }),
      side_effects: [
        {
          domain: "import_jobs",
          id: JOB_ID,
          action: "upsert",
          data: { status: "parsed", total_rows: 3, preview_version: 2 },
        },
      ],
    },
  },
  editImportPreview: {
    request: { rows: [{ row: 1, category_id: "4b40acd0-9b3c-4aa9-8ca9-9b27c523f151" }] },
    response: { data: { type: "import_preview_changes", id: JOB_ID, attributes: { changed_rows: 1 } } },
  },
  confirmImport: {
    request: { skip_duplicates: true, adjust_opening_balance: true },
    response: {
      data: job({
        status: "queued",
        preview_version: 2,
        preview: EDITED_PREVIEW,
        updated_at: "2026-11-25T01:23:03.903Z",
      }),
      side_effects: [
        {
          domain: "import_jobs",
          id: JOB_ID,
          action: "upsert",
          data: { status: "queued", skip_duplicates: true, adjust_opening_balance: true },
        },
      ],
    },
  },
  getImport: {
    response: {
      data: job({
        imported_count: 3,
        status: "completed",
        preview_version: 2,
        preview: EDITED_PREVIEW,
        updated_at: "2026-11-25T01:23:03.935Z",
      }),
    },
  },
  listImports: {
    response: {
      data: [
        {
          type: "import_jobs",
          id: JOB_ID,
          attributes: {
            file_name: "november.csv",
            file_type: "csv",
            account_id: ACCOUNT_ID,
            status: "completed",
            total_rows: 3,
            imported_count: 3,
            skipped_count: 0,
            error_count: 0,
            created_at: "2026-11-25T01:23:03.802Z",
            account_name: "Everyday Checking",
            completed_at: "2026-11-25T01:23:03.934Z",
          },
        },
        {
          type: "import_jobs",
          id: "0f2b6d2a-0989-4dbc-b86b-29e50263bf15",
          attributes: {
            file_name: "fitx.csv",
            file_type: "csv",
            account_id: ACCOUNT_ID,
            status: "completed",
            total_rows: 4,
            imported_count: 4,
            skipped_count: 0,
            error_count: 0,
            created_at: "2026-11-25T01:23:01.492Z",
            account_name: "Everyday Checking",
            completed_at: "2026-11-25T01:23:01.692Z",
          },
        },
      ],
      meta: { pagination: "page", page: 1, limit: 3, total: 2, next_cursor: null },
    },
  },
  discardImport: {}, // sent without a body and answered 204
  revertImport: {
    request: { force: false },
    response: {
      data: job({
        imported_count: 3,
        status: "reverted",
        preview_version: 2,
        preview: EDITED_PREVIEW,
        reverted_at: "2026-11-25T01:23:04.011Z",
        updated_at: "2026-11-25T01:23:04.012Z",
      }),
      side_effects: [
        ...[
          "95a9a33f-ef13-4000-a489-0591c4d9c278",
          "b6cd2879-d7bb-4c7b-8fcb-4ab9f3de3c8f",
          "45fa7342-0cf5-4159-be52-03d0a4e36e07",
        ].map((id) => ({
          domain: "transactions",
          id,
          action: "delete",
          data: { account_id: ACCOUNT_ID, import_job_id: JOB_ID },
        })),
        {
          domain: "accounts",
          id: ACCOUNT_ID,
          action: "upsert",
          data: { current_balance: "5239.75", opening_balance: "2450.00", opening_balance_date: "2024-12-01" },
        },
        {
          domain: "import_jobs",
          id: JOB_ID,
          action: "upsert",
          data: { status: "reverted", reverted_at: "2026-11-25T01:23:04.011Z", transactions_deleted: 3 },
        },
      ],
    },
  },
} satisfies Record<string, OperationExample>;
