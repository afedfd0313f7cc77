import http from "node:http";
import { getDatabase } from "../server/db";
import { createRestHandler } from "../server/http/rest-handler";
import { appRouter } from "../server/routers";
import { createCredential } from "../server/domain/identity/credentials";
import { ALL_SCOPES } from "../tests/http/client";

const handle = createRestHandler({ router: appRouter, getDatabase });
const db = await getDatabase();
const user = await db.prisma.user.findFirstOrThrow({ where: { email: "demo@example.com" }, include: { memberships: { include: { workspace: true } } } });
const ws = user.memberships[0]!.workspace;
const { token } = await createCredential(db.prisma, { kind: "session", sessionId: "x", user: { id: user.id, email: user.email }, workspace: { id: ws.id, timezone: ws.timezone, homeCurrencyId: ws.homeCurrencyId, plan: ws.plan } } as never, { name: "exp", audience: "programmatic_api", scopes: ALL_SCOPES as never });
const wallet = await db.prisma.wallet.findFirstOrThrow({ where: { workspaceId: ws.id, name: "Everyday Checking" } });
console.log(JSON.stringify({ token, wallet: wallet.id }));
http.createServer(async (req, res) => {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const response = await handle(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers }));
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(body);
}).listen(4555, "127.0.0.1");
