import {
  BULK_FORMATS,
  BULK_VARIANTS,
  badRequest,
  err,
  invalidReleaseMessage,
  parseReleaseNumber,
  parseRowLimit,
  type DomainError,
  type Result,
} from "@tpi/domain";
import type { Response } from "express";
import { z } from "zod";
import type { AppDeps } from "../core/deps";
import { sendBulkFile } from "../bulk/send-file";
import { defineRoute, reply } from "../http/route";
import { domainTransform } from "../http/input";
import { rowLimitParameter } from "../http/parameters";
import {
  BAD_REQUEST_RESPONSE,
  UNAUTHORIZED_RESPONSE,
  errorResponse,
  successBody,
} from "../openapi/responses";
import {
  RELEASES_PATH,
  releaseFileFor,
  releaseList,
  releaseManifest,
  type ReleaseContext,
  type ServedFile,
} from "./releases";

/**
 * `/api/v1/releases`: the daily releases, their manifests and their files. The list and the
 * manifests are keyless; a full file needs a key whose plan reads the dataset, a free file is
 * keyless for the latest release only.
 */

/** The releases' context from the api's dependencies. */
export function releaseContextOf(deps: AppDeps): ReleaseContext {
  return {
    db: deps.db,
    marketList: deps.marketList,
    markets: deps.markets,
    clock: deps.clock,
    ...(deps.releaseCacheDir === undefined ? {} : { cacheDir: deps.releaseCacheDir }),
    ...(deps.websiteAccounts === undefined ? {} : { publicUrl: deps.websiteAccounts.siteUrl }),
  };
}

export const RELEASE_LIST_LIMIT = { default: 30, max: 100 } as const;

const fileSchema = z.object({
  variant: z.enum(BULK_VARIANTS),
  format: z.enum(BULK_FORMATS),
  fileName: z.string(),
  rows: z.number().int().describe("Data rows (the header not counted)"),
  bytes: z.number().int(),
  sha256: z.string().describe("Hex SHA-256 of the file's bytes"),
  url: z.string().describe("Where the file is downloaded (a path of this api)"),
});

/** A source as the manifest names it: as the rows' `source` column names it. */
const manifestSourceSchema = z.object({
  source: z.string(),
  sample: z.boolean(),
  citation: z.string().nullable(),
  licence: z.object({ name: z.string(), url: z.string() }).nullable(),
});

export const releaseListSchema = successBody("ReleaseList", {
  count: z.number().int(),
  data: z.array(
    z.object({
      release: z.number().int(),
      day: z.string().describe("The UTC day the release holds, as first published that day"),
      cutAt: z.string().describe("When it was cut, ISO 8601 UTC"),
      files: z.number().int().describe("How many files it has"),
      url: z.string().describe("Its manifest (a path of this api)"),
    }),
  ),
});

export const manifestSchema = successBody("ReleaseManifest", {
  release: z.number().int(),
  day: z.string(),
  cutAt: z.string(),
  citation: z.string().describe("The suggested citation line"),
  methodologyVersions: z.record(z.string(), z.string()).describe("Each market's method version"),
  sources: z
    .array(z.object({ market: z.string(), ...manifestSourceSchema.shape }))
    .describe(
      "Every source the release's rows name, by market (a release cut before its datasets named their sources: each market's sources at the cut)",
    ),
  datasets: z.array(
    z.object({
      market: z.string(),
      name: z.string(),
      title: z.string(),
      description: z.string(),
      historyRoute: z.string(),
      columns: z.array(
        z.object({
          name: z.string(),
          type: z.string(),
          nullable: z.boolean(),
          description: z.string(),
          scale: z.number().int().optional(),
        }),
      ),
      rows: z
        .number()
        .int()
        .optional()
        .describe(
          "How many rows the release holds of the dataset: 0 when it holds none (absent in releases cut before it was stated)",
        ),
      sources: z
        .array(manifestSourceSchema)
        .optional()
        .describe(
          "Each source the dataset's rows name (a row standing on several sources names each), sample when any of its rows is, with the market's citation and licence for it: empty when the release holds no row of it (absent in releases cut before it was stated)",
        ),
      files: z.array(fileSchema),
    }),
  ),
});

const NOT_FOUND = errorResponse(
  "The release does not exist or is past retention (the message names the releases kept), or has no file of that name.",
);
const CACHE = "public, max-age=60";
/**
 * A release never changes once cut, but retention removes it: its manifest is kept a day, then
 * asked again (a removed release answers 404).
 */
const NUMBERED_MANIFEST = "public, max-age=86400";
/**
 * A keyless free file is keyless only while its release is the latest: shared caches revalidate
 * it (If-None-Match against its ETag) on every request, so that after the next cut they hear the
 * 401 rather than serve it keyless.
 */
const KEYLESS_FILE = "public, no-cache";
/** A keyed file: the caller's own copy, whose bytes never change. */
const KEYED_FILE = "private, max-age=31536000, immutable";

const releaseNumberParameter = (latestAllowed: boolean) =>
  z
    .string()
    .meta({
      description: latestAllowed
        ? "A release number, or `latest` for the newest release."
        : "A release number.",
      type: "string",
      pattern: latestAllowed ? "^([1-9][0-9]{0,8}|latest)$" : "^[1-9][0-9]{0,8}$",
      example: latestAllowed ? "latest" : "12",
    })
    .transform(
      domainTransform((value: string) =>
        parseReleaseNumber(
          latestAllowed ? "Path parameter 'release'" : "Query parameter 'before'",
          value,
          latestAllowed,
        ),
      ),
    );

/** `limit`, read as a history's row limit is (the domain's `parseRowLimit`). */
const limitParameter = rowLimitParameter(RELEASE_LIST_LIMIT)
  .meta({
    description: `Most releases listed, newest first: a whole number from 1 to ${RELEASE_LIST_LIMIT.max}; default ${RELEASE_LIST_LIMIT.default}.`,
  })
  .transform(
    domainTransform((value: string | undefined) => parseRowLimit(value, RELEASE_LIST_LIMIT)),
  );

const sendJson = (res: Response, result: Result<object, DomainError>, cacheControl: string) =>
  reply(res, result.ok ? { ok: true, value: { success: true, ...result.value } } : result, {
    cacheControl,
  });

const listRoute = defineRoute({
  method: "get",
  path: RELEASES_PATH,
  operationId: "listReleases",
  security: "optional",
  limiter: "public",
  query: z.object({
    limit: limitParameter,
    before: releaseNumberParameter(false)
      .meta({ description: "List the releases numbered below this one (the next page)." })
      .optional(),
  }),
  responses: {
    200: { description: "The releases kept, newest first", schema: releaseListSchema },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
  },
  docs: {
    summary: "List the daily releases",
    description:
      "One release per UTC day: every market's published series as first published that day, numbered 1, 2, ... and never rewritten. Newest first; page with `before`.",
    tags: ["Releases"],
    access: "Keyless.",
    examples: () => [
      { label: "The latest releases", pathAndQuery: `${RELEASES_PATH}?limit=5` },
      { label: "The page before release 40", pathAndQuery: `${RELEASES_PATH}?before=40` },
    ],
  },
  handler:
    (deps) =>
    async ({ query, req, res }) => {
      // Express also matches `/api/v1/releases/` here: a manifest's path with its release left out.
      if (req.path !== RELEASES_PATH)
        return reply(
          res,
          err(badRequest(invalidReleaseMessage("Path parameter 'release'", "", true))),
          { cacheControl: "no-store" },
        );
      const data = await releaseList(deps.db, {
        limit: query.limit,
        ...(typeof query.before === "number" ? { before: query.before } : {}),
      });
      sendJson(res, { ok: true, value: { count: data.length, data } }, CACHE);
    },
});

const manifestRoute = defineRoute({
  method: "get",
  path: `${RELEASES_PATH}/{release}`,
  operationId: "getRelease",
  security: "optional",
  limiter: "public",
  params: z.object({ release: releaseNumberParameter(true) }),
  responses: {
    200: { description: "The release's manifest", schema: manifestSchema },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
    404: NOT_FOUND,
  },
  docs: {
    summary: "A release's manifest: files, checksums, sources, citation",
    description:
      "Its datasets (columns and files with row counts, sizes and SHA-256), each market's methodology version, the sources with their citations and licences, and the suggested citation line.",
    tags: ["Releases"],
    access: "Keyless.",
    examples: () => [
      { label: "The latest release", pathAndQuery: `${RELEASES_PATH}/latest` },
      {
        label: "Release 12",
        pathAndQuery: `${RELEASES_PATH}/12`,
        needs: "a release number kept (GET /api/v1/releases lists them)",
      },
    ],
  },
  handler:
    (deps) =>
    async ({ params, res }) => {
      const manifest = await releaseManifest(deps.db, params.release);
      sendJson(res, manifest, params.release === "latest" ? CACHE : NUMBERED_MANIFEST);
    },
});

const fileRoute = defineRoute({
  method: "get",
  path: `${RELEASES_PATH}/{release}/files/{fileName}`,
  operationId: "getReleaseFile",
  security: "optional",
  limiter: "public",
  params: z.object({
    release: releaseNumberParameter(true),
    fileName: z.string().max(200).meta({
      description: "The file's name, as the manifest lists it.",
      example: "token-lab-index-daily-r12-full.csv",
    }),
  }),
  responses: {
    200: {
      description:
        "The file (CSV or Apache Parquet), with Content-Length, a strong ETag from its SHA-256 and Repr-Digest",
      schema: z.string(),
      mediaType: "application/octet-stream",
    },
    304: { description: "Not modified (If-None-Match matched)", schema: z.string() },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
    403: errorResponse("The key's plan does not read this dataset."),
    404: NOT_FOUND,
    503: errorResponse(
      "This instance cannot rebuild the kept file byte for byte (its file writer changed since the cut); the message names the history route that serves the same values with `release`.",
    ),
  },
  docs: {
    summary: "Download a release's file",
    description:
      "A full file holds every series over all history and needs a key whose plan reads the dataset; a free file holds the free series over the free window and is keyless for the latest release only.",
    tags: ["Releases"],
    access:
      "Optional: keyless callers download the latest release's free files; a key downloads the full files its plan reads.",
    examples: () => [
      {
        label: "A full file",
        pathAndQuery: `${RELEASES_PATH}/latest/files/token-lab-index-daily-r12-full.parquet`,
        withKey: true,
        needs: "a file name from the latest release's manifest",
      },
    ],
  },
  handler:
    (deps) =>
    async ({ params, caller, req, res }) => {
      const context = releaseContextOf(deps);
      const send = (file: Result<ServedFile, DomainError>, lookAgain: boolean): void => {
        if (!file.ok) return reply(res, file, { cacheControl: "no-store" });
        res.setHeader("Cache-Control", caller.kind === "anonymous" ? KEYLESS_FILE : KEYED_FILE);
        sendBulkFile(req, res, {
          path: file.value.path,
          fileName: file.value.fileName,
          format: file.value.format as (typeof BULK_FORMATS)[number],
          bytes: file.value.bytes,
          sha256: file.value.sha256,
          // Release files are immutable and renamed into the cache whole (buildFile): nginx, when
          // the operator put it in front, sends them from the cache directory.
          ...(deps.releaseFilesAccelPrefix === undefined
            ? {}
            : { accelPrefix: deps.releaseFilesAccelPrefix }),
          // The file left the disk after it was looked up (retention, here or on another
          // instance): looked up afresh, the release's 404 when it is gone, else rebuilt.
          onMissing: lookAgain
            ? () => {
                releaseFileFor(context, params.release, params.fileName, caller, { fresh: true })
                  .then((again) => send(again, false))
                  .catch((error: unknown) => req.next?.(error));
              }
            : undefined,
        });
      };
      send(await releaseFileFor(context, params.release, params.fileName, caller), true);
    },
});

export const RELEASE_ROUTES = [listRoute, manifestRoute, fileRoute] as const;
