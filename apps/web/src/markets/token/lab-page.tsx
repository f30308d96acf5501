import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isLabId, type LabId } from "@tpi/domain";
import { LabContent, labMetadata } from "./lab-content";

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

/** A lab's page as the cached `/labs/<lab>` serves it to visitors. */
export async function LabPage(props: LabPageProps) {
  return <LabContent lab={await labOf(props)} />;
}
