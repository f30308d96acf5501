export { GET } from "../../../src/markets/token/volume-csv";

export const dynamic = "force-dynamic";
