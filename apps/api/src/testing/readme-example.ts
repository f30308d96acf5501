import { createTpiClient } from "@tpi/client";

const tpi = createTpiClient({
  baseUrl: process.env.TPI_URL ?? "http://localhost:8080",
  apiKey: process.env.TPI_KEY, // without a key, only the free tier answers
});

// Paths, parameters and bodies are typed from the OpenAPI document; so are errors.
const { data, error, response } = await tpi.GET("/api/otpi", {
  params: { query: { lab: "qwen", startDate: "2025-06-01", endDate: "2025-06-30" } },
});
if (error) throw new Error(`${response.status} ${error.error}: ${error.message}`);
for (const row of data.data) console.log(row.date, row.lab, row.indexPerMtok.toFixed(4));
