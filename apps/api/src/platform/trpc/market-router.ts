import { t } from "./init";

/** What `t.router` takes: procedures and routers by name. */
type Procedures = Parameters<typeof t.router>[0];

/**
 * A market's website procedures under its one name (`<market>.<procedure>`): the app router
 * merges every market's router, and the market's name keeps its procedures from meeting another
 * market's.
 */
export function marketRouter<const Name extends string, MarketProcedures extends Procedures>(
  name: Name,
  procedures: MarketProcedures,
) {
  return t.router({ [name]: t.router(procedures) } as Record<
    Name,
    ReturnType<typeof t.router<MarketProcedures>>
  >);
}
