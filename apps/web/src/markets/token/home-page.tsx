import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { HomeContent, homeMetadata } from "./home-content";

type HomePageProps = { params: Promise<{ root?: string[] }> };

export async function generateMetadata(props: HomePageProps): Promise<Metadata> {
  const { root } = await props.params;
  if (root !== undefined && root.length > 0) return { title: "Page not found" };
  return homeMetadata();
}

/** The home page, served by the root optional catch-all; any other unmatched path is a 404. */
export async function HomePage(props: HomePageProps) {
  const { root } = await props.params;
  if (root !== undefined && root.length > 0) notFound();
  return <HomeContent chartQuery={{}} />;
}
