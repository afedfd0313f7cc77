import type { NextRequest } from "next/server";
import { requestIdFor } from "@/server/http/request-id";
import { addressLimited } from "@/server/http/route-guards";
import { jsonResponse, methodNotAllowed } from "@/server/http/responses";
import { getOpenApiDocument } from "@/server/openapi";
import { publicBaseUrl } from "@/server/http/public-url";

export const dynamic = "force-dynamic";

function document(request: NextRequest): Response {
  const response = jsonResponse(getOpenApiDocument(publicBaseUrl(request)), 200);
  response.headers.set("x-request-id", requestIdFor(request));
  return response;
}

function notAllowed(request: NextRequest): Response {
  return methodNotAllowed(request, requestIdFor(request), ["GET"]);
}

const GET = addressLimited(document);
const refused = addressLimited(notAllowed);

export { GET, refused as POST, refused as PUT, refused as PATCH, refused as DELETE };
