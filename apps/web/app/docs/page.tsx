import type { Metadata } from "next";
import { Fragment } from "react";
import { DocsInline, DocsText } from "../../src/components/docs-text";
import { readWebEnv } from "../../src/env";
import { curl, EVENT_STREAM } from "../../src/lib/curl-example";
import { loadMethodology, loadTokenTypes, loadTokenWindow } from "../../src/markets/token/loaders";
import { apiClient } from "../../src/server/trpc-client";

/** Where a parameter goes, in the words of a reader writing the request. */
const PARAMETER_PLACES = { path: "Path", query: "Query string", body: "JSON body" } as const;

/**
 * A route's path with a line-break opportunity after each `/`: a long path
 * (/api/v1/webhooks/{id}/deliveries/{eventId}/redeliver) wraps between its segments on a phone
 * instead of widening the page. `<wbr>` adds no character, so the text reads and copies as the path.
 */
function BreakablePath({ path }: { path: string }) {
  return path.split("/").map((segment, index) => (
    <Fragment key={index}>
      {index > 0 && (
        <>
          /<wbr />
        </>
      )}
      {segment}
    </Fragment>
  ));
}

export const metadata: Metadata = {
  title: "API documentation",
  description:
    "How to use the Token Price Index API: authentication, tiers, rate limits, every route with a curl example, and the OpenAPI document.",
};

// Reads the api's public address at run time (TPI_PUBLIC_API_URL), so it is not frozen at build time.
export const dynamic = "force-dynamic";

/** The page's answers from the api, asked for together. */
async function loadDocsPage() {
  // The routes, the free window and the example dates come from the api (its route list and clock).
  const [methodology, reference, window, tokenTypes] = await Promise.all([
    loadMethodology(),
    apiClient().apiReference.query(),
    loadTokenWindow(),
    loadTokenTypes(),
  ]);
  const tiers: TokenTiers = {
    window,
    freeTierLabs: tokenTypes.free.map((entry) => entry.lab),
    labCount: tokenTypes.all.length,
  };
  return { methodology, reference, tiers };
}

/** What the tiers table states of /api/otpi: today's free window and the labs on each tier. */
type TokenTiers = {
  window: { startDate: string; endDate: string };
  freeTierLabs: readonly string[];
  labCount: number;
};

// The sections' props are typed from the loader's answers, so they follow the api's shapes.
type DocsPageData = Awaited<ReturnType<typeof loadDocsPage>>;
type ApiReference = DocsPageData["reference"];
type ReferenceRoute = ApiReference["routes"][number];

export default async function DocsPage() {
  const { publicApiUrl, mcpOAuthIssuer } = readWebEnv();
  const { methodology, reference, tiers } = await loadDocsPage();
  return (
    <div className="api-docs">
      <h1>API documentation</h1>
      <p className="lead">
        A read-only JSON API. Base address: <code data-api-base>{publicApiUrl}</code>. The
        machine-readable description is the{" "}
        <a href={`${publicApiUrl}/openapi.json`}>OpenAPI document</a> (OpenAPI 3.1).
      </p>

      <AuthenticationSection publicApiUrl={publicApiUrl} />

      <McpByUrlSection issuer={mcpOAuthIssuer} />

      <h2 id="tiers">Tiers</h2>
      <TiersTable tiers={tiers} />

      <h2 id="limits">Limits</h2>
      <LimitsList reference={reference} settlementLagHours={methodology.settlement.lagHours} />

      <h2 id="errors">Errors</h2>
      <p>
        Errors carry <code>{`{"error": "<label>", "message": "<explanation>"}`}</code>. Check the
        status first: 400 invalid parameter, 401 key missing/invalid/revoked, 404 no data for the
        parameters, 429 rate limited, 500 internal error, 503 unavailable.
      </p>

      <h2 id="routes">Routes</h2>
      <RouteReference routes={reference.routes} publicApiUrl={publicApiUrl} />
    </div>
  );
}

/**
 * The MCP server added to an agent application by its address: the application signs in with
 * the reader's account (OAuth) instead of a pasted key. The steps of docs/mcp.md. The address is
 * at the authorization server's issuer, whose tokens are for `<issuer>/mcp`.
 */
function McpByUrlSection({ issuer }: { issuer: string }) {
  return (
    <>
      <h2 id="mcp">MCP server: add it to an agent application by its address</h2>
      <ol>
        <li>
          In the application, add a remote MCP server (a connector) with the address{" "}
          <code data-mcp-url>{issuer}/mcp/oauth</code>: the same server as <code>/mcp</code>, which
          asks you to sign in (<code>/mcp</code> without a key serves the free tier).
        </li>
        <li>The application opens this site in your browser: sign in with your account.</li>
        <li>
          The consent page names the application, the address it sends you back to and what it will
          read (what your plan reads). Allow, and the application connects.
        </li>
        <li>
          Your <a href="/account#connected-apps">account page</a> lists connected applications under
          Connected apps, with when each was last used; Revoke ends one&apos;s access at once.
        </li>
      </ol>
      <p>
        Applications without a sign-in take an API key instead: the header{" "}
        <code>Authorization: Bearer &lt;API_KEY&gt;</code> in their MCP server configuration.
      </p>
    </>
  );
}

/** How to get a key and send it, with a curl example, and what a refused key answers. */
function AuthenticationSection({ publicApiUrl }: { publicApiUrl: string }) {
  return (
    <>
      <h2 id="authentication">Authentication</h2>
      <p>
        Send an API key as a bearer token: <code>Authorization: Bearer &lt;API_KEY&gt;</code>.
        Premium and Full accounts create their keys on their <a href="/account">account page</a> (
        <a href="/account/sign-up">sign up</a>: the page says what a new account gets; a trial,
        which has no keys, requests Premium or Full on its account page); operators also issue keys
        from the command line (<code>pnpm tpi keys create --name &lt;name&gt;</code> on a
        self-hosted installation). A key is shown once and only its hash is stored.
      </p>
      <pre>
        <code>
          {curl(
            publicApiUrl,
            { method: "GET", pathAndQuery: "/api/otpi", withKey: true },
            "application/json",
          )}
        </code>
      </pre>
      <p>
        A missing key on a route that needs one, an unknown or malformed key, or a revoked key gives
        401 with <code>{`{"error":"Unauthorized","message":"…"}`}</code>.
      </p>
    </>
  );
}

/** What the free tier and a key can read, with today's free window from the api. */
function TiersTable({ tiers }: { tiers: TokenTiers }) {
  const { window } = tiers;
  return (
    <div className="table-wrap">
      <table>
        <caption>What each tier can read from /api/otpi</caption>
        <thead>
          <tr>
            <th scope="col">Tier</th>
            <th scope="col">Labs</th>
            <th scope="col">History</th>
            <th scope="col">
              <code>access</code> in responses
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Free (no key)</th>
            <td>{tiers.freeTierLabs.join(", ")}</td>
            <td>
              Trailing month, rolling (today: {window.startDate} to {window.endDate})
            </td>
            <td>
              <code>public-1mo</code>
            </td>
          </tr>
          <tr>
            <th scope="row">API key</th>
            <td>All {tiers.labCount} labs</td>
            <td>All settled days</td>
            <td>
              <code>full</code>
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function LimitsList({
  reference,
  settlementLagHours,
}: {
  reference: ApiReference;
  settlementLagHours: number;
}) {
  return (
    <ul>
      <li>Public routes: {reference.publicAllowance}, whether or not a key is sent.</li>
      <li>
        Over the limit: status 429 with a <code>Retry-After</code> header giving the seconds to
        wait.
      </li>
      <li>
        Values settle once per UTC day ({settlementLagHours} hours after the day ends, see the{" "}
        <a href="/methodology#settlement">methodology</a>); polling more often than every few
        minutes returns the same data.
      </li>
    </ul>
  );
}

/** One section per route of the api's reference: what it does, its parameters, its examples. */
function RouteReference({
  routes,
  publicApiUrl,
}: {
  routes: ReferenceRoute[];
  publicApiUrl: string;
}) {
  return routes.map((route) => (
    <section key={route.id} aria-labelledby={`route-${route.id}`} data-route={route.path}>
      <h3 id={`route-${route.id}`}>
        <code>
          {route.method} <BreakablePath path={route.path} />
        </code>
      </h3>
      {/* The route texts are Markdown (`code`, lists, paragraphs): rendered, never shown raw. */}
      <p>
        <DocsInline text={route.summary} />
      </p>
      {route.description !== undefined && <DocsText text={route.description} />}
      <p>
        <strong>Authentication:</strong> <DocsInline text={route.auth} />
      </p>
      {route.answers !== "application/json" && <AnswerNote answers={route.answers} />}
      {route.parameters.length > 0 && <ParameterTable route={route} />}
      {route.examples.map((example) => (
        <div key={example.label} data-example={example.pathAndQuery}>
          <p className="muted">
            {example.label}
            {example.needs === undefined ? ":" : ` (put in ${example.needs}):`}
          </p>
          <pre>
            <code>
              {example.browser
                ? `${publicApiUrl}${example.pathAndQuery}`
                : curl(publicApiUrl, example, route.answers)}
            </code>
          </pre>
        </div>
      ))}
    </section>
  ));
}

/** What a route answers when that is not JSON; a live stream says how its events arrive. */
function AnswerNote({ answers }: { answers: string }) {
  return (
    <p>
      <strong>Answers:</strong> <code>{answers}</code>
      {answers === EVENT_STREAM && (
        <>
          , a connection that stays open: each event arrives as it is published, as <code>id:</code>
          , <code>event:</code> and <code>data:</code> lines.
        </>
      )}
    </p>
  );
}

/**
 * A route's parameters: where each goes and whether it is required (the docs tests read both).
 * On a phone each parameter is a block of its own (`stack`), its meaning under its name, so a
 * long meaning never widens the table past the screen.
 */
function ParameterTable({ route }: { route: ReferenceRoute }) {
  return (
    <div className="table-wrap">
      <table className="stack">
        <caption>
          Parameters of <BreakablePath path={route.path} />
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Where</th>
            <th scope="col">Required</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {route.parameters.map((parameter) => (
            <tr
              key={parameter.name}
              data-parameter={parameter.name}
              data-in={parameter.in}
              data-required={parameter.required}
            >
              <th scope="row">
                <code>{parameter.name}</code>
              </th>
              <td data-label="Where">{PARAMETER_PLACES[parameter.in]}</td>
              <td data-label="Required">{parameter.required ? "Required" : "Optional"}</td>
              <td data-label="Meaning" className="meaning">
                <DocsInline text={parameter.meaning} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
