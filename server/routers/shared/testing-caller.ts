import type { Db } from "../../db";
import { createContext } from "../../trpc/context";
import { createCaller } from "../index";

/** The app router as the dashboard calls it, with a session token. */
export function createTRPCCaller(db: Db, sessionToken: string) {
  const headers = new Headers({ authorization: `Bearer ${sessionToken}` });
  return createCaller(createContext({ db, requestId: "test", headers, acceptsSessions: true }));
}
