/** Runs once when a server instance starts, before it answers requests: migrate (and seed) first. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareProcessDatabase } = await import("./server/process-startup");
  await prepareProcessDatabase();
}
