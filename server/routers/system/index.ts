import { router } from "../../trpc/builders";
import { healthProcedure } from "./health";

export const systemRouter = router({ health: healthProcedure });
