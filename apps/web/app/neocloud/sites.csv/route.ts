export { GET } from "../../../src/markets/neocloud/sites-csv";

export const dynamic = "force-dynamic";
