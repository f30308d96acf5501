import { expect } from "vitest";
import { E2E_DIRECT_ORIGIN } from "./harness";
import { site } from "./site";

/*
 * What the browser tests read from the api directly, to compare the pages with: its REST
 * answers, its internal router (as the website's server reads it) and its CSV lines.
 */

export type OtpiRow = { date: string; lab: string; indexPerMtok: number; computedAt: string };
export type OtpiBody = {
  success: boolean;
  access: string;
  date?: string;
  count: number;
  data: OtpiRow[];
};

/**
 * A request of the tests' own to the api (to compare a page with, or to try a documented
 * example): sent from the origin the api trusts past the public limiter, so that the 60 a minute
 * of 127.0.0.1, which every test file shares with the pages, is spent only by the tests about it.
 */
export function directFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("origin", E2E_DIRECT_ORIGIN);
  return fetch(url, { ...init, headers });
}

/** A keyless REST answer of the api (`/api/otpi…`), which must be a 200. */
export async function api(path: string): Promise<OtpiBody> {
  const response = await directFetch(`${site.apiUrl}${path}`);
  expect(response.status, `${path} status`).toBe(200);
  return (await response.json()) as OtpiBody;
}

/** The internal router's answer, as the website's server reads it. */
export async function internal<T>(procedure: string, input?: unknown): Promise<T> {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await fetch(`${site.apiUrl}/trpc/${procedure}${query}`, {
    headers: { authorization: `Bearer ${site.internalToken}` },
  });
  expect(response.status, `${procedure} status`).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

export type SourceDayBody = {
  date: string;
  source: string;
  sample: boolean;
  asOf: string | null;
  citation: string | null;
  listedShare: number | null;
  trackedShare: number | null;
};

/** The api's synced source days through its internal router, as the website reads them. */
export async function sourceDaysOf(startDate: string, endDate: string): Promise<SourceDayBody[]> {
  return internal<SourceDayBody[]>("sourceDays", { startDate, endDate });
}

/** One RFC 4180 line: fields split on commas outside double quotes, `""` inside quotes is `"`. */
export function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      fields.push(field);
      field = "";
    } else field += char;
  }
  fields.push(field);
  return fields;
}
