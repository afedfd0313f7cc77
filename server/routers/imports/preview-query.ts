import { z } from "zod";
import { PREVIEW_PAGE_MAX_ROWS, PREVIEW_STATES, type PreviewQuery } from "../../domain/imports/preview-page";

/** The query of a job's GET that pages through its preview (REST query parameters, or the dashboard's input). */
export const previewQueryInput = {
  preview_page: z.coerce.number().int().min(1).max(1_000_000).default(1).meta({
    description: "The 1-based page of the preview to show (default 1); past the last page, `preview` is empty.",
  }),
  preview_limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PREVIEW_PAGE_MAX_ROWS)
    .default(PREVIEW_PAGE_MAX_ROWS)
    .meta({ description: `Preview rows per page, 1 to ${PREVIEW_PAGE_MAX_ROWS} (default ${PREVIEW_PAGE_MAX_ROWS}).` }),
  state: z
    .enum(PREVIEW_STATES)
    .meta({
      description:
        "Only the preview rows in this state (new, duplicate, invalid or pre_opening); `preview_total` then counts those rows.",
    })
    .optional(),
};

export function previewQueryOf(input: {
  preview_page: number;
  preview_limit: number;
  state?: PreviewQuery["state"];
}): PreviewQuery {
  return { page: input.preview_page, limit: input.preview_limit, state: input.state ?? null };
}
