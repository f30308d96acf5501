export { GET } from "../../../../src/markets/memory/history-csv";

export const dynamic = "force-dynamic";
