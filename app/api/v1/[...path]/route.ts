import { getDatabase } from "@/server/db";
import { createRestHandler } from "@/server/http/rest-handler";
import { appRouter } from "@/server/routers";

export const dynamic = "force-dynamic";

const handleRestRequest = createRestHandler({ router: appRouter, getDatabase });

export {
  handleRestRequest as GET,
  handleRestRequest as POST,
  handleRestRequest as PUT,
  handleRestRequest as PATCH,
  handleRestRequest as DELETE,
  handleRestRequest as HEAD,
  handleRestRequest as OPTIONS,
};
