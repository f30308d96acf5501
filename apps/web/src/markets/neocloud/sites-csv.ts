import { csvDownload } from "../../kit/csv";
import { downloadBadRequest, downloadRefused } from "../../server/download-errors";
import { loadViewer } from "../../server/viewer";
import { neocloudCsvFileName, neocloudFiltersOf, neocloudSitesToCsv } from "./lib";
import { loadPlanNeocloudAllSites } from "./loaders";

/**
 * Every site of the page's filters (`scope`, `country`, `city`, `lat` + `lon` + `radiusKm`) as
 * CSV, through the reader's session (never a key): the same `GET /api/neocloud/sites` answer as
 * the page, all its pages, in the api's order, each row with its own sample flag, source and
 * citation. A visitor or a plan without site data gets the api's refusal, and filters the api
 * does not accept its 400, in its words.
 */
export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const filters = neocloudFiltersOf(Object.fromEntries(url.searchParams));
  const reader = await loadViewer(request);
  const sites = await loadPlanNeocloudAllSites(reader?.token, filters);
  if (sites.kind === "refused") return downloadRefused(sites.message, sites.status);
  if (sites.kind === "invalid") return downloadBadRequest(sites.message);
  return csvDownload(neocloudSitesToCsv(sites.answer.data), neocloudCsvFileName(filters));
}
