import { FREE_TIER_LAB_IDS, LAB_CATALOG, type RawQuery, readSingleParameters } from "@tpi/domain";
import { Router, type RequestHandler } from "express";
import { methodNotAllowed, sendError } from "../http/errors";

/** Catalog bodies never change while the process runs, so they are built once. */
export const TOKEN_TYPES_BODY = {
  success: true,
  data: LAB_CATALOG.map(({ lab, label, freeTier }) => ({ lab, label, freeTier })),
} as const;

export const TOKEN_TYPES_FREE_BODY = {
  success: true,
  access: "free-tier",
  data: LAB_CATALOG.filter((entry) => FREE_TIER_LAB_IDS.includes(entry.lab)).map(
    ({ lab, label }) => ({ lab, label }),
  ),
} as const;

/** Catalog routes take no parameters; an unknown one is a 400 rather than silently ignored. */
const noParameters: RequestHandler = (req, res, next) => {
  const result = readSingleParameters(req.query as RawQuery, []);
  if (!result.ok) {
    sendError(res, result.error);
    return;
  }
  next();
};

export function catalogRoutes(): Router {
  const router = Router();
  const serve =
    (body: object): RequestHandler =>
    (_req, res) => {
      res.setHeader("Cache-Control", "public, max-age=3600");
      res.json(body);
    };
  router.get("/api/token-types", noParameters, serve(TOKEN_TYPES_BODY));
  router.all("/api/token-types", methodNotAllowed(["GET"]));
  router.get("/api/token-types-free", noParameters, serve(TOKEN_TYPES_FREE_BODY));
  router.all("/api/token-types-free", methodNotAllowed(["GET"]));
  return router;
}
