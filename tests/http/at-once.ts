/**
 * Requests sent at the same time, `count` of them: on PostgreSQL each runs on a connection and in a
 * transaction of its own, where PGlite's one connection takes them in turn. A test of what happens
 * when writes meet (the same key, the same external id, a reader beside writers) sends them with
 * this, and its file runs in the HTTP suite's PostgreSQL pass too (vitest.http.config.ts).
 */
export function atOnce<T>(count: number, send: (index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => send(index)));
}
