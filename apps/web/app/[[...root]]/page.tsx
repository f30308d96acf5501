import { HomePage } from "../../src/markets/token/home-page";

export { generateMetadata } from "../../src/markets/token/home-page";

/**
 * The home page is served by a root optional catch-all so that it can be an on-demand ISR page:
 * rendered at its first request (the api is not running at build time), then served from the
 * full-route cache and regenerated in the background every REVALIDATE seconds, or at once when
 * the api reports a settled day (POST /revalidate). Any other unmatched path is a 404.
 */
export const revalidate = 300;
export const dynamicParams = true;

export function generateStaticParams(): { root: string[] }[] {
  return [];
}

export default HomePage;
