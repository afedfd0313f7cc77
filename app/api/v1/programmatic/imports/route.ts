import { requestIdFor } from "@/server/http/request-id";
import { handleImportUpload } from "@/server/http/import-upload";
import { methodNotAllowed } from "@/server/http/responses";

export const dynamic = "force-dynamic";

/** Endpoint 3 (multipart), ahead of the REST catch-all. */
export const POST = handleImportUpload;

function notAllowed(request: Request): Response {
  return methodNotAllowed(request, requestIdFor(request), ["POST"]);
}

export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
