import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { HomeContent, homeMetadata } from "../../src/components/home-content";

type HomePageProps = { params: Promise<{ root?: string[] }> };

export async function generateMetadata(props: HomePageProps): Promise<Metadata> {
  const { root } = await props.params;
  if (root !== undefined && root.length > 0) return { title: "Page not found" };
  return homeMetadata();
}

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

export default async function HomePage(props: HomePageProps) {
  const { root } = await props.params;
  if (root !== undefined && root.length > 0) notFound();
  return <HomeContent chartQuery={{}} />;
}
