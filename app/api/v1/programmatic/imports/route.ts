import { handleImportUpload } from "@/server/http/import-upload";
import { refuseMethods } from "@/server/http/route-guards";

export const dynamic = "force-dynamic";

/** Endpoint 3 (multipart), ahead of the REST catch-all. */
export const POST = handleImportUpload;

const notAllowed = refuseMethods(["POST"]);

export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
