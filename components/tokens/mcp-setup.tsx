"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { CopyStatus, useCopyToClipboard } from "./copy-to-clipboard";
import { MCP_PATH } from "@/server/mcp/path";
import { mcpClientSnippets, type McpClientSnippet } from "./mcp-client-snippets";

/** Taller snippets scroll inside their field, so the dialog's Done button stays in reach. */
const MAX_ROWS = 12;

/**
 * Set-up snippets for a new MCP token, one tab per MCP host (the WAI-ARIA tabs pattern: arrow
 * keys, Home and End move between tabs). `publicOrigin` is the configured PUBLIC_BASE_URL, else
 * this page's origin is used: the same choice as the OpenAPI document's server entry.
 */
export function McpSetup({ token, publicOrigin }: { token: string; publicOrigin?: string }) {
  const t = useTranslations("tokens.mcp");
  const serverUrl = `${publicOrigin ?? window.location.origin}${MCP_PATH}`;
  const snippets = mcpClientSnippets(serverUrl, token, t);
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();

  const moveTo = (index: number) => {
    const next = (index + snippets.length) % snippets.length;
    setSelected(next);
    tabs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const targets: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: snippets.length - 1,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  };

  return (
    <section className="stack mcp-setup" aria-labelledby={`${id}-heading`}>
      <div>
        <h3 id={`${id}-heading`} className="mcp-setup-title">
          {t("heading")}
        </h3>
        <p className="field-hint">{t.rich("intro", { serverUrl, code: (chunks) => <code>{chunks}</code> })}</p>
      </div>
      <div role="tablist" aria-label={t("clients")} className="tabs" onKeyDown={onKeyDown}>
        {snippets.map((snippet, index) => (
          <button
            key={snippet.client}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-selected={index === selected}
            aria-controls={`${id}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            className="tab"
            onClick={() => setSelected(index)}
          >
            {snippet.client}
          </button>
        ))}
      </div>
      {snippets.map((snippet, index) => (
        <SnippetPanel
          key={snippet.client}
          snippet={snippet}
          id={`${id}-panel-${index}`}
          tabId={`${id}-tab-${index}`}
          hidden={index !== selected}
        />
      ))}
    </section>
  );
}

function SnippetPanel({
  snippet,
  id,
  tabId,
  hidden,
}: {
  snippet: McpClientSnippet;
  id: string;
  tabId: string;
  hidden: boolean;
}) {
  const t = useTranslations("tokens.mcp");
  const { state, copy } = useCopyToClipboard();
  const fieldId = `${id}-text`;
  return (
    <div role="tabpanel" id={id} aria-labelledby={tabId} hidden={hidden} className="field tab-panel">
      <label htmlFor={fieldId}>{snippet.label}</label>
      <p id={`${id}-where`} className="field-hint">
        {snippet.where}
      </p>
      <textarea
        id={fieldId}
        className="snippet"
        readOnly
        // Commands wrap (they are pasted whole); JSON keeps its indentation visible.
        wrap={snippet.kind === "command" ? "soft" : "off"}
        spellCheck={false}
        rows={Math.min(snippet.text.split("\n").length, MAX_ROWS)}
        value={snippet.text}
        aria-describedby={`${id}-where`}
      />
      <div className="snippet-actions">
        <button type="button" className="button" onClick={() => void copy(snippet.text)}>
          {t("copy", { kind: snippet.kind })}
        </button>
        <CopyStatus state={state} what={t("what", { kind: snippet.kind })} />
      </div>
    </div>
  );
}
