/**
 * The request's cookies for page components rendered outside Next (unit tests): a test module
 * mocks `next/headers` with `nextHeaders` and sets the cookies a request would carry.
 * `vi.mock("next/headers", async () => (await import("../testing/request-cookies")).nextHeaders)`
 */
const jar = new Map<string, string>();

export function setRequestCookie(name: string, value: string): void {
  jar.set(name, value);
}

export function clearRequestCookies(): void {
  jar.clear();
}

export const nextHeaders = {
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) ?? "" } : undefined),
  }),
  headers: async () => new Headers(),
};
