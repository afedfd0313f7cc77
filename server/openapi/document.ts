import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { webhookEvents } from "./webhooks";
import { env } from "../env";
import { appRouter } from "../routers";
import { parseOptionsJsonSchema } from "../routers/imports/parse-options-schemas";
import { errorSchema, HEADERS } from "./components";
import { sharedErrorResponses, sharedResponseNames } from "./responses";
import { compactDocument } from "./compact";
import { withExamples } from "./examples";
import { completePaths } from "./paths";
import { SECURITY_SCHEMES } from "./security";
import { SERVICE_VERSION } from "../version";

type SchemaObject = NonNullable<NonNullable<OpenAPIObject["components"]>["schemas"]>[string];

/** The groups of operations, in the order a reader meets them. */
const TAGS = [
  { name: "system", description: "Whether the service and its database answer." },
  {
    name: "auth",
    description:
      "Accounts and sessions: sign-up, sign-in (a session token for the dashboard and token management), password and e-mail changes.",
  },
  {
    name: "credentials",
    description: "Personal access tokens: created and revoked with a session token; a token can read its own record.",
  },
  { name: "members", description: "Who belongs to a workspace, and invitations to join one." },
  {
    name: "accounts",
    description: "The workspace's accounts (asset, expense, income, liability) with their balances.",
  },
  {
    name: "wallets",
    description: "Wallets group accounts per currency; their totals, converted to the home currency.",
  },
  { name: "categories", description: "Spending and income categories, with this month's activity." },
  { name: "transactions", description: "Booked transactions, filtered and paged." },
  {
    name: "categorisation-rules",
    description:
      "Rules that file transactions into categories: kept in order, used by imports, applied to past transactions " +
      "(a dry run first, undoable as one change); and category suggestions from the rules, your own history and category names.",
  },
  { name: "recurring-rules", description: "Bills and income that repeat, with their next occurrence." },
  { name: "goals", description: "Savings goals and their progress." },
  { name: "budgets", description: "Budgets per period with spending, rollover and pace." },
  { name: "transaction-templates", description: "Saved transactions booked again with one call." },
  {
    name: "imports",
    description: "Bank statements (CSV, Excel, OFX, QFX, MT940, CAMT, QIF): upload, preview, confirm, reparse, revert.",
  },
  { name: "insights", description: "Things worth a look, found in the workspace's transactions." },
  {
    name: "reports",
    description: "Cash flow, category drift and heatmap, income stability, recurring and uncategorised spending.",
  },
  {
    name: "webhooks",
    description:
      "Endpoints the service POSTs the workspace's events to (Standard Webhooks: signed, retried for a day), and their deliveries.",
  },
];

/**
 * Where clients reach the API: PUBLIC_BASE_URL when it is set, else "/" (the server the document
 * was fetched from), never the request's Host header.
 */
function configuredServerUrl(): string {
  return env.PUBLIC_BASE_URL ?? "/";
}

/** The generated OpenAPI 3.1 document, completed where the generator cannot express our API. */
export function buildOpenApiDocument(serverUrl: string = configuredServerUrl()): OpenAPIObject {
  const document = generateOpenApiDocument(appRouter, {
    title: "Personal Finance API",
    description:
      "Workspace-scoped personal-finance data for scripts, reached with personal access tokens. " +
      "Errors always answer the Error schema. See docs/api.md for the decisions behind each endpoint.",
    version: SERVICE_VERSION,
    openApiVersion: "3.1.0",
    baseUrl: serverUrl,
    securitySchemes: SECURITY_SCHEMES,
    defs: { Error: errorSchema },
  });
  const absolute = serverUrl !== "/";
  document.info.contact = {
    name: "The Personal Finance API team",
    ...(absolute ? { url: `${serverUrl}/docs/api` } : {}),
  };
  document.info.license = { name: "MIT", identifier: "MIT" };
  document.servers = [
    { url: serverUrl, description: absolute ? "This service" : "The server this document was fetched from" },
  ];
  document.tags = TAGS;
  // The generator's own error components ({message, code, issues}) describe tRPC's errors, not ours.
  const schemas = Object.fromEntries(
    Object.entries(document.components?.schemas ?? {}).filter(([name]) => !name.startsWith("error.")),
  );
  document.components = {
    ...document.components,
    schemas: { ...schemas, ParseOptions: parseOptionsJsonSchema() as SchemaObject },
    headers: HEADERS,
  };
  completePaths(document);
  document.webhooks = webhookEvents();
  const operations = Object.values(document.paths ?? {}).flatMap((item) => Object.values(item ?? {}));
  document.components.responses = sharedErrorResponses(
    sharedResponseNames(operations as Array<{ responses?: Record<string, unknown> }>),
  ) as NonNullable<OpenAPIObject["components"]>["responses"];
  return compactDocument(withExamples(document));
}

let cached: OpenAPIObject | undefined;

/** The document the API serves, built once per process. */
export function getOpenApiDocument(): OpenAPIObject {
  cached ??= buildOpenApiDocument();
  return cached;
}
