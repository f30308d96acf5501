export { GET } from "../../../src/markets/workload/history-csv";

export const dynamic = "force-dynamic";
