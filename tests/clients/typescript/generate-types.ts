/**
 * The API's TypeScript types, made by openapi-typescript from the server's OpenAPI document:
 *
 *   npx tsx tests/clients/typescript/generate-types.ts http://localhost:3000/api/v1/openapi.json
 *
 * writes tests/clients/typescript/generated/api.ts (or the path given second). The same as
 * `npx openapi-typescript <url> -o api.d.ts`, except that a binary field (the statement upload's
 * `file`) is typed Blob instead of string, so a File or Blob goes into the form without a cast.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import ts from "typescript";

const BLOB = ts.factory.createTypeReferenceNode("Blob");

/** The module text: `paths`, `components` and `operations` of the document. */
export async function generateApiTypes(document: URL | OpenAPI3): Promise<string> {
  const nodes = await openapiTS(document, {
    transform: (schema) => ("format" in schema && schema.format === "binary" ? BLOB : undefined),
  });
  return astToString(nodes);
}

async function main(documentUrl: string | undefined, output: string | undefined): Promise<void> {
  if (!documentUrl) throw new Error("usage: generate-types.ts <document URL> [output file]");
  const target = output ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "generated", "api.ts");
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, await generateApiTypes(new URL(documentUrl)));
  console.log(`wrote ${target}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv[2], process.argv[3]).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
