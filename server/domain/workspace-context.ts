/**
 * What a domain function works in: `({ db, workspace, ... }, input) -> result`.
 *
 * One name for it, `WorkspaceContext` (the word `Scope` is kept for the permissions in
 * identity/scopes.ts); `db` is the one database handle, outside a transaction or in one. `userId` and `now`
 * are optional so that the one value a procedure builds serves reads and writes alike; a function
 * that cannot do without one asks for it with an intersection: `WorkspaceContext & { userId: string }`.
 * `WorkspaceTransaction` is the context of a write that runs in the caller's transaction (an
 * idempotent write) and reports what it changed into `sideEffects`.
 */
import type { Db } from "../db";
import type { WorkspaceRef } from "./identity/authenticate";
import type { SideEffects } from "./side-effects/side-effects";

export interface WorkspaceContext {
  db: Db;
  workspace: WorkspaceRef;
  /** Who acts, recorded as created_by. */
  userId?: string;
  /** The clock (tests); a function reading "today" defaults it to the current time. */
  now?: Date;
}

export interface WorkspaceTransaction extends WorkspaceContext {
  sideEffects: SideEffects;
}
