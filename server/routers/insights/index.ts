import { router } from "../../trpc/builders";
import { getInsight } from "./get";
import { listInsights } from "./list";

export const insightsRouter = router({ get: getInsight, list: listInsights });
