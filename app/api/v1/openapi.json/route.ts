import { requestIdFor } from "@/server/http/request-id";
import { jsonResponse, methodNotAllowed } from "@/server/http/responses";
import { getOpenApiDocument } from "@/server/openapi";
import { publicBaseUrl } from "@/server/http/public-url";

export const dynamic = "force-dynamic";

export function GET(request: Request): Response {
  const response = jsonResponse(getOpenApiDocument(publicBaseUrl(request)), 200);
  response.headers.set("x-request-id", requestIdFor(request));
  return response;
}

function notAllowed(request: Request): Response {
  return methodNotAllowed(request, requestIdFor(request), ["GET"]);
}

export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
