import { z } from "zod";
import {
  createCredential as createUserCredential,
  CREDENTIAL_AUDIENCES,
  DEFAULT_EXPIRES_IN_DAYS,
  MAX_EXPIRES_IN_DAYS,
} from "../../domain/identity/credentials";
import { SCOPES } from "../../domain/identity/scopes";
import { sessionProcedure } from "../../trpc";
import { credentialAttributes, toCredentialResource } from "./credential-output";

export const createCredential = sessionProcedure
  .meta({
    successStatus: 201,
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
      name: z.string().trim().min(1).max(100),
      audience: z.enum(CREDENTIAL_AUDIENCES),
      scopes: z.array(z.enum(SCOPES)).min(1, "must name at least one scope"),
      expires_in_days: z.number().int().min(1).max(MAX_EXPIRES_IN_DAYS).default(DEFAULT_EXPIRES_IN_DAYS),
    }),
  )
  .output(
    z.object({
      data: z.object({
        type: z.literal("credentials"),
        id: z.uuid(),
        attributes: credentialAttributes.extend({ token: z.string().meta({ description: "Shown once." }) }),
      }),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const { credential, token } = await createUserCredential(ctx.db.prisma, ctx.caller, {
      name: input.name,
      audience: input.audience,
      scopes: input.scopes,
      expiresInDays: input.expires_in_days,
    });
    const created = toCredentialResource(credential);
    return { data: { ...created, attributes: { ...created.attributes, token } } };
  });
