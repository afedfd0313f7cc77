/**
 * An operation's summary as written in its meta ends with where it comes from: "(endpoint 13)", the
 * specification's numbering, or "(extension)", beyond it. Readers of the OpenAPI document and of
 * the MCP tools get the plain summary; the numbering moves to the document's `x-` fields.
 */
export interface SummaryParts {
  plain: string;
  /** The specification's endpoint number, if the summary names one. */
  endpoint: number | null;
  extension: boolean;
}

const NUMBERING = /\s*\((?:endpoint (\d+)|(extension))\)$/;

export function summaryParts(summary: string | undefined): SummaryParts {
  const text = summary ?? "";
  const match = NUMBERING.exec(text);
  if (!match) return { plain: text, endpoint: null, extension: false };
  return {
    plain: text.slice(0, match.index),
    endpoint: match[1] ? Number(match[1]) : null,
    extension: match[2] !== undefined,
  };
}
