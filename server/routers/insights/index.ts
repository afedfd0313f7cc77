import { router } from "../../trpc/builders";
import { getInsightProcedure } from "./get";
import { listInsightsProcedure } from "./list";

export const insightsRouter = router({ get: getInsightProcedure, list: listInsightsProcedure });
