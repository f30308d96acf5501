export { GET } from "../../../../src/markets/llm-coding/history-csv";

export const dynamic = "force-dynamic";
