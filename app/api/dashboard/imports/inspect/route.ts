import type { NextRequest } from "next/server";
import { readSessionToken } from "@/server/auth/next-auth";
import { handleDashboardFileInspection } from "@/server/http/import-upload";
import { refuseMethods } from "@/server/http/route-guards";

export const dynamic = "force-dynamic";

/** The column-mapping editor's look at a file before it is uploaded (multipart, the signed-in browser's session). */
export function POST(request: NextRequest): Promise<Response> {
  return handleDashboardFileInspection(request, () => readSessionToken(request));
}

const notAllowed = refuseMethods(["POST"]);

export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
