export { GET } from "../../../../src/markets/gpu/constituents-csv";

export const dynamic = "force-dynamic";
