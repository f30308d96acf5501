import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isLabId, type LabId } from "@tpi/domain";
import { LabContent, labMetadata } from "../../../src/components/lab-content";

/** On-demand ISR (the api is not running at build time): see app/[[...root]]/page.tsx. */
export const revalidate = 300;
export const dynamicParams = true;

export function generateStaticParams(): { lab: string }[] {
  return [];
}

type LabPageProps = { params: Promise<{ lab: string }> };

/** The lab of the path; other spellings of a lab were redirected by proxy.ts, the rest are 404. */
async function labOf(props: LabPageProps): Promise<LabId> {
  const { lab } = await props.params;
  if (!isLabId(lab)) notFound();
  return lab;
}

export async function generateMetadata(props: LabPageProps): Promise<Metadata> {
  const { lab } = await props.params;
  return isLabId(lab) ? labMetadata(lab) : { title: "Lab not found" };
}

export default async function LabPage(props: LabPageProps) {
  return <LabContent lab={await labOf(props)} />;
}
