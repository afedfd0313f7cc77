import { z } from "zod";
import { dashboardProcedure } from "../../trpc/builders";

/** The currencies an account can be opened in, by code. */
export const listCurrenciesProcedure = dashboardProcedure
  .input(z.void())
  .output(
    z.array(z.object({ code: z.string(), name: z.string(), symbol: z.string(), decimal_places: z.number().int() })),
  )
  .query(async ({ ctx }) => {
    const rows = await ctx.db.prisma.currency.findMany({ where: { enabled: true }, orderBy: { code: "asc" } });
    return rows.map((row) => ({
      code: row.code.trim(),
      name: row.name,
      symbol: row.symbol,
      decimal_places: row.decimalPlaces,
    }));
  });
