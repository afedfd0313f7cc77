"use client";

import { useQuery } from "@tanstack/react-query";
import { todayIn } from "@/server/domain/time/calendar";
import { useTRPC } from "./trpc-provider";

/** Today in the workspace's timezone (what the server counts as today), for date fields' defaults. */
export function useWorkspaceToday(): string {
  const trpc = useTRPC();
  const session = useQuery(trpc.auth.currentSession.queryOptions());
  const timezone = session.data?.data.attributes.workspace.timezone;
  try {
    return todayIn(timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return todayIn("UTC");
  }
}
