import type { OperationExample } from "../examples";

// A categorising script's endpoint, sent new and changed transactions and finished imports; the
// signing secret shown at creation and at a rotation, a delivery that failed twice before a 200,
// and a test event.
const ENDPOINT = "5f1f0c39-3b6e-4a8e-9d0b-6c2f7f4d2a11";
const DELIVERY = "9e3c7d62-1a4f-4b35-8f2e-0d5b7c9a4e83";
const PING_DELIVERY = "c2a8f4e1-6d3b-4f7a-9b1c-5e0d2a7f8b94";

const BOT = {
  type: "webhook_endpoints",
  id: ENDPOINT,
  attributes: {
    url: "https://bot.example.com/finance/hooks",
    description: "Categorising bot",
    events: ["transactions.created", "transactions.updated", "import.completed"],
    enabled: true,
    disabled_reason: null,
    disabled_at: null,
    failing_since: null,
    previous_secret_expires_at: null as string | null,
    created_at: "2026-11-28T09:14:02.118Z",
    updated_at: "2026-11-28T09:14:02.118Z",
  },
};

const SUCCEEDED = {
  id: DELIVERY,
  endpoint_id: ENDPOINT,
  webhook_id: "msg_0b7e2c4a-8f13-4d6e-a5b9-3c1f2e7d9a60",
  event_type: "transactions.created",
  status: "succeeded",
  attempts: 3,
  created_at: "2026-11-28T09:20:11.402Z",
  last_attempt_at: "2026-11-28T09:25:16.977Z",
  response_status: 200,
  latency_ms: 84,
  error: null,
  next_attempt_at: null,
  delivered_at: "2026-11-28T09:25:17.061Z",
};

const PING = {
  id: PING_DELIVERY,
  endpoint_id: ENDPOINT,
  webhook_id: "msg_7d4b1e9c-2f6a-4c83-b0e5-9a1d3f5c7e28",
  event_type: "ping",
  status: "pending",
  attempts: 0,
  created_at: "2026-11-28T09:30:00.250Z",
  last_attempt_at: null,
  response_status: null,
  latency_ms: null,
  error: null,
  next_attempt_at: "2026-11-28T09:30:00.250Z",
  delivered_at: null,
};

const SECRET = "whsec_MfKQ9r4gKr2C8wQ0cVb1kq3ZfXxNotARealSecret0=";

export const WEBHOOK_EXAMPLES: Record<string, OperationExample> = {
  createWebhook: {
    request: {
      url: "https://bot.example.com/finance/hooks",
      events: ["transactions.created", "transactions.updated", "import.completed"],
      description: "Categorising bot",
    },
    response: { data: { ...BOT, attributes: { ...BOT.attributes, secret: SECRET } } },
  },
  listWebhooks: {
    response: { data: [BOT], meta: { pagination: "page", page: 1, limit: 50, total: 1, next_cursor: null } },
  },
  getWebhook: { response: { data: BOT } },
  updateWebhook: {
    request: { events: ["transactions.created", "transactions.updated", "transactions.deleted", "import.completed"] },
    response: {
      data: {
        ...BOT,
        attributes: {
          ...BOT.attributes,
          events: ["transactions.created", "transactions.updated", "transactions.deleted", "import.completed"],
          updated_at: "2026-11-28T10:02:45.731Z",
        },
      },
    },
  },
  deleteWebhook: {}, // answered 204
  rotateWebhookSecret: {
    response: {
      data: {
        ...BOT,
        attributes: {
          ...BOT.attributes,
          previous_secret_expires_at: "2026-11-29T10:05:00.000Z",
          updated_at: "2026-11-28T10:05:00.000Z",
          secret: "whsec_Q2xW8p0sT5vB7nM1kL3jH6gF9dNotARealSecret4=",
        },
      },
    },
  },
  listWebhookDeliveries: {
    response: {
      data: [PING, SUCCEEDED],
      meta: { pagination: "page", page: 1, limit: 50, total: 2, next_cursor: null },
    },
  },
  retryWebhookDelivery: {
    response: {
      data: { ...SUCCEEDED, status: "pending", next_attempt_at: "2026-11-28T10:10:00.000Z", delivered_at: null },
    },
  },
  testWebhook: { response: { data: PING } },
};
