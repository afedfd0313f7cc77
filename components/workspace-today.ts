"use client";

import { useQuery } from "@tanstack/react-query";
import { todayIn } from "@/server/domain/time/calendar";
import { useTRPC } from "./trpc-provider";

/** Today in the workspace's timezone (what the server counts as today), for date fields' defaults; the browser's until the session is known. */
export function useWorkspaceToday(): string {
  return useWorkspaceDay().today;
}

/** Today as useWorkspaceToday says, and whether it is the workspace's yet: queries keyed on the day wait for `known`. */
export function useWorkspaceDay(): { today: string; known: boolean } {
  const trpc = useTRPC();
  const session = useQuery(trpc.auth.currentSession.queryOptions());
  const timezone = session.data?.data.attributes.workspace.timezone;
  try {
    return {
      today: todayIn(timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone),
      known: timezone !== undefined,
    };
  } catch {
    return { today: todayIn("UTC"), known: timezone !== undefined };
  }
}
