"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

type CopyState = "idle" | "copied" | "failed";

/** Copies text to the clipboard and remembers how that went, for a CopyStatus next to the button. */
export function useCopyToClipboard(): { state: CopyState; copy: (text: string) => Promise<void> } {
  const [state, setState] = useState<CopyState>("idle");
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return { state, copy };
}

/** Says (politely, to screen readers too) whether copying worked; `what` names the text to select by hand. */
export function CopyStatus({ state, what }: { state: CopyState; what: string }) {
  const t = useTranslations("tokens.copy");
  return (
    <p role="status" className="field-hint">
      {state === "copied" ? t("copied") : state === "failed" ? t("failed", { what }) : ""}
    </p>
  );
}
