import packageJson from "../package.json" with { type: "json" };

/** The service version reported by /api/v1/health and the OpenAPI document. */
export const SERVICE_VERSION: string = packageJson.version;
