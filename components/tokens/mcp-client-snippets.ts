import type { useTranslations } from "next-intl";
import { MCP_SERVER_NAME } from "@/server/mcp/path";

/** The words of the snippets: a translator of the "tokens.mcp" messages. */
export type McpSnippetWords = ReturnType<typeof useTranslations<"tokens.mcp">>;

/** The key MCP hosts list the server under: the server's own name. */
const SERVER_KEY = MCP_SERVER_NAME;

/** An MCP protocol version the server accepts; it answers with its own if it prefers another. */
const PROTOCOL_VERSION = "2025-06-18";

export interface McpClientSnippet {
  /** The tab's name. */
  client: string;
  /** The text field's label: what the snippet is. */
  label: string;
  /** Where the snippet goes, in one sentence. */
  where: string;
  /** "configuration" or "command", for the copy button. */
  kind: "configuration" | "command";
  text: string;
}

/** Set-up for the common MCP hosts, with this server's URL and the new token filled in; `t` words the labels. */
export function mcpClientSnippets(serverUrl: string, token: string, t: McpSnippetWords): McpClientSnippet[] {
  const authorization = `Bearer ${token}`;
  const headers = { Authorization: authorization };
  return [
    {
      client: "Claude Desktop",
      label: t("snippets.claudeDesktop.label"),
      where: t("snippets.claudeDesktop.where"),
      kind: "configuration",
      text: json({
        mcpServers: {
          [SERVER_KEY]: {
            command: "npx",
            args: [
              "-y",
              "mcp-remote",
              serverUrl,
              ...allowHttpFor(serverUrl),
              "--header",
              "Authorization:${AUTH_HEADER}",
            ],
            // mcp-remote's README: some hosts split arguments at spaces, so the header's value, which holds one, travels in the environment.
            env: { AUTH_HEADER: authorization },
          },
        },
      }),
    },
    {
      client: "Cursor",
      label: t("snippets.cursor.label"),
      where: t("snippets.cursor.where"),
      kind: "configuration",
      text: json({ mcpServers: { [SERVER_KEY]: { url: serverUrl, headers } } }),
    },
    {
      client: "VS Code",
      label: t("snippets.vsCode.label"),
      where: t("snippets.vsCode.where"),
      kind: "configuration",
      text: json({ servers: { [SERVER_KEY]: { type: "http", url: serverUrl, headers } } }),
    },
    {
      client: "Claude Code",
      label: t("snippets.claudeCode.label"),
      where: t("snippets.claudeCode.where"),
      kind: "command",
      text: `claude mcp add --transport http ${SERVER_KEY} ${serverUrl} --header "Authorization: ${authorization}"`,
    },
    {
      client: "curl",
      label: t("snippets.curl.label"),
      where: t("snippets.curl.where"),
      kind: "command",
      text: [
        `curl -sS '${serverUrl}'`,
        `  -H 'Authorization: ${authorization}'`,
        "  -H 'Content-Type: application/json'",
        "  -H 'Accept: application/json, text/event-stream'",
        `  -d '${JSON.stringify(initializeRequest("curl"))}'`,
      ].join(" \\\n"),
    },
  ];
}

/** The JSON-RPC message an MCP client opens with. */
function initializeRequest(clientName: string) {
  return {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: clientName, version: "1.0.0" } },
  };
}

/** mcp-remote refuses plain http except to localhost unless told otherwise. */
function allowHttpFor(serverUrl: string): string[] {
  return new URL(serverUrl).protocol === "http:" ? ["--allow-http"] : [];
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
