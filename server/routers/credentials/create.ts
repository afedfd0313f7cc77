import { z } from "zod";
import {
  createCredential,
  CREDENTIAL_AUDIENCES,
  DEFAULT_EXPIRES_IN_DAYS,
  MAX_EXPIRES_IN_DAYS,
} from "../../domain/identity/credentials";
import { SCOPES } from "../../domain/identity/scopes";
import { oneLineName } from "../shared/user-text";
import { sessionProcedure } from "../../trpc/builders";
import { credentialAttributes, toCredentialResource } from "./schemas";

export const createCredentialProcedure = sessionProcedure
  .meta({
    successStatus: 201,
    errors: ["DOMAIN_CONSTRAINT_VIOLATION"],
    openapi: {
      method: "POST",
      path: "/api/v1/programmatic-access/credentials",
      operationId: "createCredential",
      tags: ["credentials"],
      summary: "Create a personal access token (endpoint 1)",
      description:
        "Authorized by a session token. The token is bound to the session's workspace; its plaintext `token` is " +
        "returned in this response only and cannot be retrieved later.",
    },
  })
  .input(
    z.object({
      name: oneLineName().describe("A name to recognise the token by, 1 to 100 characters on one line."),
      audience: z
        .enum(CREDENTIAL_AUDIENCES)
        .describe(
          "programmatic_api: a pfa_ token for the REST API; mcp: a pfm_ token for the MCP server. Neither works on the other.",
        ),
      scopes: z
        .array(z.enum(SCOPES))
        .min(1, "must name at least one scope")
        .describe("What the token may do: at least one scope of the catalogue; an unknown one is 400."),
      expires_in_days: z
        .number()
        .int()
        .min(1)
        .max(MAX_EXPIRES_IN_DAYS)
        .default(DEFAULT_EXPIRES_IN_DAYS)
        .describe(`Days until the token expires, 1 to ${MAX_EXPIRES_IN_DAYS} (default ${DEFAULT_EXPIRES_IN_DAYS}).`),
    }),
  )
  .output(
    z.object({
      data: z
        .object({
          type: z.literal("credentials").describe('Always "credentials".'),
          id: z
            .uuid()
            .describe("The credential's id (to revoke it: DELETE /api/v1/programmatic-access/credentials/{id})."),
          attributes: credentialAttributes
            .extend({
              token: z.string().meta({
                description:
                  "The token itself (pfa_ or pfm_ + 42 characters), shown once: it cannot be read again. Send it as Authorization: Bearer <token>.",
              }),
            })
            .describe("The credential's fields and its token."),
        })
        .meta({
          id: "CredentialWithToken",
          description: "A credential just created, with its plaintext token (shown only in this answer).",
        })
        .describe("The credential created."),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const { credential, token } = await createCredential(ctx.db, ctx.caller, {
      name: input.name,
      audience: input.audience,
      scopes: input.scopes,
      expiresInDays: input.expires_in_days,
    });
    const created = toCredentialResource(credential);
    return { data: { ...created, attributes: { ...created.attributes, token } } };
  });
