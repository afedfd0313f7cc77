import { router } from "../../trpc";
import { health } from "./health";

export const systemRouter = router({ health });
