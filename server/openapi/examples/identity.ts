import type { OperationExample } from "../examples";

/**
 * Health, sign-up, sessions, account changes, personal access tokens, members and invitations.
 * Passwords are placeholders, and tokens fakes of the real shape (see OPERATION_EXAMPLES).
 */
export const IDENTITY_EXAMPLES = {
  getHealth: { response: { status: "ok", database: "ok", rate_limit_store: "memory", version: "0.1.0" } },
  signUp: {
    request: {
      email: "alex.meyer@example.com",
      password: "placeholder-password-1",
      name: "Alex Meyer",
      workspace_name: "Alex's money",
      timezone: "Europe/Berlin",
      home_currency: "EUR",
    },
    response: {
      data: {
        type: "sessions",
        id: "c4d84aa1-4bc4-4131-b744-ae7a524f8caa",
        attributes: {
          session_token: "pfs_Ab12ExampleTokenNotReal0000000000000000000",
          expires_at: "2026-12-25T01:23:02.021Z",
          user_id: "9f1ae96a-2686-4800-8f98-21d92a0bb3ec",
          workspace_id: "a3b26c10-d2bf-47b3-b841-29907b82d324",
        },
      },
    },
  },
  createSession: {
    request: { email: "demo@example.com", password: "placeholder-password-1" },
    response: {
      data: {
        type: "sessions",
        id: "c4234acb-c4f0-4d33-aacd-8b2518aefdf0",
        attributes: {
          session_token: "pfs_Cd34ExampleTokenNotReal0000000000000000000",
          expires_at: "2026-12-25T01:23:00.870Z",
          user_id: "6d276425-3788-4eb3-bdea-7d9e899b697b",
          workspace_id: "8dbf37c2-0b9d-41cf-8a9a-33a0c366e3d5",
        },
      },
    },
  },
  getCurrentSession: {
    response: {
      data: {
        type: "sessions",
        id: "c4234acb-c4f0-4d33-aacd-8b2518aefdf0",
        attributes: {
          user: { id: "6d276425-3788-4eb3-bdea-7d9e899b697b", email: "demo@example.com", name: "Demo User" },
          workspace: {
            id: "8dbf37c2-0b9d-41cf-8a9a-33a0c366e3d5",
            name: "Demo",
            timezone: "Europe/Berlin",
            plan: "free",
            role: "owner",
            home_currency: { id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf", code: "EUR", symbol: "€", decimal_places: 2 },
          },
        },
      },
    },
  },
  updateWorkspace: {
    request: { home_currency: "USD" },
    response: {
      data: {
        id: "8dbf37c2-0b9d-41cf-8a9a-33a0c366e3d5",
        name: "Demo",
        timezone: "Europe/Berlin",
        plan: "free",
        home_currency: { id: "630fd802-303a-53e7-a413-235e562cacc0", code: "USD", symbol: "$", decimal_places: 2 },
      },
    },
  },
  changePassword: {
    request: { current_password: "placeholder-password-1", new_password: "placeholder-password-2" },
    response: {
      data: {
        type: "account_changes",
        id: "764ab9af-5f5d-4a7a-aa1d-66516dc0e4c4",
        attributes: { revoked_credentials: 0, revoked_sessions: 0 },
      },
    },
  },
  changeEmail: {
    request: { password: "placeholder-password-2", new_email: "alex.meyer@example.org" },
    response: {
      data: {
        type: "account_changes",
        id: "08b43993-c6af-4ece-8c32-ef6e1fd16b08",
        attributes: { revoked_credentials: 0, revoked_sessions: 1 },
      },
    },
  },
  requestPasswordReset: {
    request: { email: "alex.meyer@example.org" },
    response: {
      data: {
        type: "password_reset_requests",
        id: "30176362-b9f8-435d-970b-e33adf6e4435",
        attributes: { email: "alex.meyer@example.org", expires_in_minutes: 60 },
      },
    },
  },
  resetPassword: {
    request: { token: "pfr_Ab12ExampleTokenNotReal0000000000000000000", new_password: "placeholder-password-2" },
    response: {
      data: {
        type: "account_changes",
        id: "383beea7-445f-4e04-93c5-04d5e249b9e4",
        attributes: { revoked_credentials: 0, revoked_sessions: 1 },
      },
    },
  },
  createCredential: {
    request: {
      name: "Monthly budget script",
      audience: "programmatic_api",
      scopes: ["wallets:read", "transactions:read", "budgets:read", "reports:read", "imports:create", "imports:read"],
      expires_in_days: 90,
    },
    response: {
      data: {
        type: "credentials",
        id: "f8cac4a8-2b52-4a8e-b47f-d96c386abaae",
        attributes: {
          name: "Monthly budget script",
          audience: "programmatic_api",
          scopes: [
            "wallets:read",
            "transactions:read",
            "budgets:read",
            "reports:read",
            "imports:create",
            "imports:read",
          ],
          token_prefix: "pfa_Ef56",
          status: "active",
          workspace_id: "8dbf37c2-0b9d-41cf-8a9a-33a0c366e3d5",
          expires_at: "2027-02-23T01:23:01.068Z",
          last_used_at: null,
          revoked_at: null,
          created_at: "2026-11-25T01:23:01.098Z",
          token: "pfa_Ef56ExampleTokenNotReal0000000000000000000",
        },
      },
    },
  },
  listCredentials: {
    response: {
      data: [
        {
          type: "credentials",
          id: "7aa6fafa-115b-40e0-a893-439b1edb3b50",
          attributes: {
            name: "Household scripts",
            audience: "programmatic_api",
            scopes: [
              "wallets:read",
              "accounts:read",
              "transactions:read",
              "transaction_templates:create",
              "imports:create",
              "imports:read",
              "recurring:read",
              "insights:read",
              "budgets:read",
              "goals:read",
              "reports:read",
            ],
            token_prefix: "pfa_Jk90",
            status: "active",
            workspace_id: "8dbf37c2-0b9d-41cf-8a9a-33a0c366e3d5",
            expires_at: "2027-02-23T01:23:01.134Z",
            last_used_at: "2026-11-25T01:23:01.154Z",
            revoked_at: null,
            created_at: "2026-11-25T01:23:01.136Z",
          },
        },
        {
          type: "credentials",
          id: "f8cac4a8-2b52-4a8e-b47f-d96c386abaae",
          attributes: {
            name: "Monthly budget script",
            audience: "programmatic_api",
            scopes: [
              "wallets:read",
              "transactions:read",
              "budgets:read",
              "reports:read",
              "imports:create",
              "imports:read",
            ],
            token_prefix: "pfa_Ef56",
            status: "active",
            workspace_id: "8dbf37c2-0b9d-41cf-8a9a-33a0c366e3d5",
            expires_at: "2027-02-23T01:23:01.068Z",
            last_used_at: null,
            revoked_at: null,
            created_at: "2026-11-25T01:23:01.098Z",
          },
        },
      ],
      meta: { pagination: "page", page: 1, limit: 20, total: 2, next_cursor: null },
    },
  },
  getCurrentCredential: {
    response: {
      data: {
        type: "credentials",
        id: "f8cac4a8-2b52-4a8e-b47f-d96c386abaae",
        attributes: {
          name: "Monthly budget script",
          audience: "programmatic_api",
          scopes: [
            "wallets:read",
            "transactions:read",
            "budgets:read",
            "reports:read",
            "imports:create",
            "imports:read",
          ],
          token_prefix: "pfa_Ef56",
          status: "active",
          workspace_id: "8dbf37c2-0b9d-41cf-8a9a-33a0c366e3d5",
          expires_at: "2027-02-23T01:23:01.068Z",
          last_used_at: "2026-11-25T01:23:01.847Z",
          revoked_at: null,
          created_at: "2026-11-25T01:23:01.098Z",
        },
      },
    },
  },
  listMembers: {
    response: {
      data: [
        {
          type: "members",
          id: "6d276425-3788-4eb3-bdea-7d9e899b697b",
          attributes: {
            email: "demo@example.com",
            name: "Demo User",
            role: "owner",
            created_at: "2024-12-01T09:00:00.000Z",
          },
        },
        {
          type: "members",
          id: "9f1ae96a-2686-4800-8f98-21d92a0bb3ec",
          attributes: {
            email: "alex.meyer@example.com",
            name: "Alex Meyer",
            role: "member",
            created_at: "2026-11-25T01:23:02.186Z",
          },
        },
      ],
    },
  },
  inviteMember: {
    request: { email: "alex.meyer@example.com" },
    response: {
      data: {
        type: "invitations",
        id: "cc08bca6-7278-44d1-b04b-50b99ec2171c",
        attributes: {
          email: "alex.meyer@example.com",
          status: "pending",
          expires_at: "2026-12-02T01:23:02.052Z",
          created_at: "2026-11-25T01:23:02.052Z",
        },
      },
    },
  },
  listInvitations: {
    response: {
      data: [
        {
          type: "invitations",
          id: "cc08bca6-7278-44d1-b04b-50b99ec2171c",
          attributes: {
            email: "alex.meyer@example.com",
            status: "pending",
            expires_at: "2026-12-02T01:23:02.052Z",
            created_at: "2026-11-25T01:23:02.052Z",
          },
        },
      ],
    },
  },
  listReceivedInvitations: {
    response: {
      data: [
        {
          type: "invitations",
          id: "cc08bca6-7278-44d1-b04b-50b99ec2171c",
          attributes: {
            email: "alex.meyer@example.com",
            status: "pending",
            expires_at: "2026-12-02T01:23:02.052Z",
            created_at: "2026-11-25T01:23:02.052Z",
            workspace: { id: "8dbf37c2-0b9d-41cf-8a9a-33a0c366e3d5", name: "Demo" },
            invited_by: { email: "demo@example.com", name: "Demo User" },
          },
        },
      ],
    },
  },
  acceptInvitation: {
    response: {
      data: {
        type: "memberships",
        id: "dc1e9e09-038f-437f-9096-c536bafa2929",
        attributes: {
          workspace_id: "8dbf37c2-0b9d-41cf-8a9a-33a0c366e3d5",
          workspace_name: "Demo",
          role: "member",
          created_at: "2026-11-25T01:23:02.186Z",
        },
      },
    },
  },
  // Sent without a body and answered 204.
  endSession: {},
  revokeCredential: {},
  removeMember: {},
  withdrawInvitation: {},
  declineInvitation: {},
} satisfies Record<string, OperationExample>;
