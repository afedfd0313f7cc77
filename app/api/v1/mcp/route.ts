import { handleMcpRequest } from "@/server/mcp/handler";

export const dynamic = "force-dynamic";

/**
 * The MCP server (Streamable HTTP, stateless; server/mcp/handler.ts): POST carries the JSON-RPC
 * messages; GET (a server-to-client stream) and DELETE (ending a session) are answered by the
 * transport, which has neither in stateless mode.
 */
export { handleMcpRequest as POST, handleMcpRequest as GET, handleMcpRequest as DELETE };
