import { LabPage } from "../../../src/markets/token/lab-page";

export { generateMetadata } from "../../../src/markets/token/lab-page";

/** On-demand ISR (the api is not running at build time): see app/[[...root]]/page.tsx. */
export const revalidate = 300;
export const dynamicParams = true;

export function generateStaticParams(): { lab: string }[] {
  return [];
}

export default LabPage;
