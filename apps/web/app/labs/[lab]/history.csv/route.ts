export { GET } from "../../../../src/markets/token/lab-csv";

export const dynamic = "force-dynamic";
