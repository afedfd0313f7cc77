import { readFile } from "node:fs/promises";
import path from "node:path";

/** The two Swagger UI files the docs page needs, served from the installed package. */
const ASSETS: Record<string, string> = {
  "swagger-ui-bundle.js": "application/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
};

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  const contentType = ASSETS[file];
  if (!contentType) return new Response("Not found", { status: 404 });
  const body = await readFile(path.join(process.cwd(), "node_modules", "swagger-ui-dist", file));
  return new Response(body, {
    headers: { "content-type": contentType, "cache-control": "public, max-age=86400" },
  });
}
