export { GET } from "../../../../src/markets/gpu/daily-csv";

export const dynamic = "force-dynamic";
