import type { NextRequest } from "next/server";
import { requestIdFor } from "@/server/http/request-id";
import { addressLimited, refuseMethods } from "@/server/http/route-guards";
import { jsonResponse } from "@/server/http/responses";
import { getOpenApiDocument } from "@/server/openapi/document";

export const dynamic = "force-dynamic";

function document(request: NextRequest): Response {
  const response = jsonResponse(getOpenApiDocument(), 200);
  response.headers.set("x-request-id", requestIdFor(request));
  return response;
}

const GET = addressLimited(document);
const refused = refuseMethods(["GET"]);

export { GET, refused as POST, refused as PUT, refused as PATCH, refused as DELETE };
