import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { getAuthOptions } from "@/server/auth/next-auth";
import { addressLimited } from "@/server/http/route-guards";

export const dynamic = "force-dynamic";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

/** next-auth's endpoints (csrf, providers, callback/credentials, session, signout) for the dashboard. */
function handler(request: NextRequest, context: RouteContext): Promise<Response> {
  return NextAuth(request, context, getAuthOptions());
}

const limited = addressLimited(handler);

export { limited as GET, limited as POST };
