/** Where the MCP server answers and the name it gives itself: shared by the server and the dashboard's set-up snippets (no imports, safe in the browser). */
export const MCP_PATH = "/api/v1/mcp";
export const MCP_SERVER_NAME = "personal-finance";
