import { router } from "../../trpc/builders";
import { health } from "./health";

export const systemRouter = router({ health });
