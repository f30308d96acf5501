import { LAB_CATALOG, addDays, utcDayOf } from "@tpi/domain";
import { questionBank, type Rest } from "../../contract/question-bank";

/**
 * The token questions of the chat's question bank that ask past the labs' index values (harness:
 * `contract/question-bank.ts`; the index values themselves are in `platform/chat`'s bank): the
 * models behind a lab's value, from `GET /api/otpi/constituents` of the lab's latest settled day
 * or the day asked, and prices asked in another currency (answered in USD, saying so).
 */

type Constituent = {
  modelId: string;
  inputPricePerMtok: number | null;
  outputPricePerMtok: number | null;
  blendedPricePerMtok: number | null;
  weight: number | null;
  eligible: boolean;
  exclusionDescription: string | null;
};
type Constituents = { indexPerMtok: number | null; data: Constituent[] };

const price = (value: number | null) =>
  value === null ? "no price" : `$${value.toFixed(4).replace(/(\.\d\d\d*?)0+$/, "$1")}`;

async function latestDay(rest: Rest, lab: string): Promise<{ date: string; value: number }> {
  const { body } = await rest.get<{ data: Array<{ date: string; indexPerMtok: number }> }>(
    `/api/otpi?lab=${lab}`,
  );
  const row = body.data[0];
  if (row === undefined) throw new Error(`no settled day of ${lab}`);
  return { date: row.date, value: row.indexPerMtok };
}

/** The lab-day's models as the chat lists them, cheapest (or most expensive) first. */
async function modelLines(
  rest: Rest,
  lab: string,
  label: string,
  day: string,
  order: "cheapest" | "most expensive",
  lead: boolean,
): Promise<string> {
  const { body } = await rest.get<Constituents>(`/api/otpi/constituents?lab=${lab}&date=${day}`);
  const counted = body.data
    .filter((model) => model.eligible && model.blendedPricePerMtok !== null)
    .sort((a, b) => {
      const ascending = (a.blendedPricePerMtok ?? 0) - (b.blendedPricePerMtok ?? 0);
      return order === "cheapest" ? ascending : -ascending;
    });
  const left = body.data.filter((model) => !counted.includes(model));
  const [first] = counted;
  if (first === undefined) throw new Error(`no model of ${lab} counted on ${day}`);
  return [
    ...(lead
      ? [
          `The ${order} ${label} model in the index on ${day} was ${first.modelId}, at ${price(first.blendedPricePerMtok)} per million tokens blended (its input and output list prices weighted by its own token split).`,
        ]
      : []),
    `${label}'s models in the index on ${day}, ${order} first (the lab's index that day: ${body.indexPerMtok === null ? "not published" : `$${body.indexPerMtok.toFixed(4)} per million tokens`}):`,
    ...counted.map(
      (model) =>
        `${model.modelId}: ${price(model.blendedPricePerMtok)} per million tokens blended (input ${price(model.inputPricePerMtok)}, output ${price(model.outputPricePerMtok)}), ${((model.weight ?? 0) * 100).toFixed(1)}% of the lab's tokens.`,
    ),
    ...(left.length === 0
      ? []
      : [
          `Not counted: ${left.map((model) => `${model.modelId} (${model.exclusionDescription ?? "no price"})`).join("; ")}.`,
        ]),
  ].join("\n");
}

/** The lab-day's models whose name (without lab and date) starts with `name`, as the chat quotes one it is asked. */
async function namedModelLines(
  rest: Rest,
  lab: string,
  label: string,
  day: string,
  name: string,
): Promise<string> {
  const { body } = await rest.get<Constituents>(`/api/otpi/constituents?lab=${lab}&date=${day}`);
  const isCounted = (model: Constituent) => model.eligible && model.blendedPricePerMtok !== null;
  const named = body.data.filter((model) => {
    const bare = (model.modelId.split("/")[1] ?? "").replace(/-\d{8}$/, "");
    return bare === name || bare.startsWith(`${name}-`);
  });
  if (named.length === 0)
    return `No ${label} model named "${name.replace(/-/g, " ")}" is in the index on ${day}. Its models that day: ${[...body.data.filter(isCounted), ...body.data.filter((model) => !isCounted(model))].map((model) => model.modelId).join(", ")}.`;
  return [
    ...named
      .filter(isCounted)
      .sort((a, b) => (a.blendedPricePerMtok ?? 0) - (b.blendedPricePerMtok ?? 0))
      .map(
        (model) =>
          `${model.modelId} in ${label}'s index on ${day}: ${price(model.blendedPricePerMtok)} per million tokens blended (input ${price(model.inputPricePerMtok)}, output ${price(model.outputPricePerMtok)}), ${((model.weight ?? 0) * 100).toFixed(1)}% of the lab's tokens.`,
      ),
    ...named
      .filter((model) => !isCounted(model))
      .map(
        (model) =>
          `${model.modelId} on ${day}: not counted in ${label}'s index (${model.exclusionDescription ?? "no price"}); list prices input ${price(model.inputPricePerMtok)}, output ${price(model.outputPricePerMtok)} per million tokens.`,
      ),
  ].join("\n");
}

questionBank("token", 13, [
  {
    question: "What is the cheapest Claude model?",
    intent: "models",
    async answer(rest) {
      const { date } = await latestDay(rest, "anthropic");
      return modelLines(rest, "anthropic", "Anthropic", date, "cheapest", true);
    },
  },
  {
    question: "Which OpenAI models are in the index?",
    intent: "models",
    async answer(rest) {
      const { date } = await latestDay(rest, "openai");
      return modelLines(rest, "openai", "OpenAI", date, "cheapest", false);
    },
  },
  {
    question: "What was the most expensive DeepSeek model on 2026-11-15?",
    intent: "models",
    answer: (rest) =>
      modelLines(rest, "deepseek", "DeepSeek", "2026-11-15", "most expensive", true),
  },
  {
    question: "What is the cheapest model?",
    intent: "models",
    async answer(rest) {
      // Every lab's models on its latest settled day, ranked across the labs.
      const pool: Array<{ model: Constituent; label: string; day: string }> = [];
      for (const { lab, label } of LAB_CATALOG) {
        const { date } = await latestDay(rest, lab);
        const { body } = await rest.get<Constituents>(
          `/api/otpi/constituents?lab=${lab}&date=${date}`,
        );
        for (const model of body.data)
          if (model.eligible && model.blendedPricePerMtok !== null)
            pool.push({ model, label, day: date });
      }
      pool.sort((a, b) => (a.model.blendedPricePerMtok ?? 0) - (b.model.blendedPricePerMtok ?? 0));
      const [top] = pool;
      if (top === undefined) throw new Error("no model counted");
      return [
        `The cheapest model in the index, on each lab's latest settled day, was ${top.model.modelId} (${top.label}, ${top.day}), at ${price(top.model.blendedPricePerMtok)} per million tokens blended (its input and output list prices weighted by its own token split).`,
        `The 10 cheapest of ${pool.length} models counted:`,
        ...pool
          .slice(0, 10)
          .map(
            ({ model, label, day }, rank) =>
              `${rank + 1}. ${model.modelId} (${label}, ${day}): ${price(model.blendedPricePerMtok)} per million tokens blended (input ${price(model.inputPricePerMtok)}, output ${price(model.outputPricePerMtok)}).`,
          ),
      ].join("\n");
    },
  },
  {
    question: "Which lab has the cheapest models?",
    intent: "extreme",
    async answer(rest) {
      // The labs' values ranked, as "the cheapest lab" is: the index is the blend of its models.
      const rows = [];
      for (const { lab, label } of LAB_CATALOG)
        rows.push({ label, ...(await latestDay(rest, lab)) });
      rows.sort((a, b) => a.value - b.value);
      const [top] = rows;
      if (top === undefined) throw new Error("no lab");
      return [
        `By the latest settled values, the cheapest is ${top.label} at $${top.value.toFixed(4)} per million tokens.`,
        ...rows.map(
          (row, rank) =>
            `${rank + 1}. ${row.label}: $${row.value.toFixed(4)} per million tokens (settled ${row.date})`,
        ),
      ].join("\n");
    },
  },
  {
    question: "How much does GPT-5 cost per million tokens?",
    intent: "models",
    async answer(rest) {
      // GPT-5 and its variants (gpt-5-mini...), not GPT-4.5: a model's list prices, never the lab's index.
      const { date } = await latestDay(rest, "openai");
      return namedModelLines(rest, "openai", "OpenAI", date, "gpt-5");
    },
  },
  {
    question: "GPT-5 and GPT-4o prices",
    intent: "models",
    async answer(rest) {
      // Each model named, in the order written.
      const { date } = await latestDay(rest, "openai");
      return [
        await namedModelLines(rest, "openai", "OpenAI", date, "gpt-5"),
        await namedModelLines(rest, "openai", "OpenAI", date, "gpt-4o"),
      ].join("\n");
    },
  },
  {
    question: "What did Qwen3 cost on 2026-11-20?",
    intent: "models",
    answer: (rest) => namedModelLines(rest, "qwen", "Qwen", "2026-11-20", "qwen3"),
  },
  {
    question: "What does Claude Opus 9 cost?",
    intent: "models",
    async answer(rest) {
      const { date } = await latestDay(rest, "anthropic");
      return namedModelLines(rest, "anthropic", "Anthropic", date, "claude-opus-9");
    },
  },
  {
    question: "What will Anthropic's index be next week?",
    intent: "latest",
    async answer(rest) {
      // No forecast: a day to come ("next week": a week from today) is said so, then the latest.
      const { date, value } = await latestDay(rest, "anthropic");
      return `${addDays(utcDayOf(rest.now), 7)} has not come yet: the data holds published values, never forecasts. The latest instead:\nAnthropic: $${value.toFixed(4)} per million tokens (settled ${date}).`;
    },
  },
  {
    question: "What does GPT-5 cost in ¥ (yuan)?",
    intent: "models",
    async answer(rest) {
      // The currency by its word first: ¥ is also the yen's sign.
      const { date } = await latestDay(rest, "openai");
      return `These prices are in US dollars: the index is published in USD only, never converted to yuan.\n${await namedModelLines(rest, "openai", "OpenAI", date, "gpt-5")}`;
    },
  },
  {
    question: "What is the Anthropic index in euros?",
    intent: "latest",
    async answer(rest) {
      const { date, value } = await latestDay(rest, "anthropic");
      return `These prices are in US dollars: the index is published in USD only, never converted to euros.\nAnthropic: $${value.toFixed(4)} per million tokens (settled ${date}).`;
    },
  },
  {
    question: "How many tokens did Anthropic's models serve yesterday?",
    intent: "volume",
    async answer(rest) {
      // A volume question about models stays a volume question; yesterday is not settled yet.
      const { date } = await latestDay(rest, "anthropic");
      const { body } = await rest.get<{
        data: Array<{ date: string; share: number; totalTokens: number; growthIndex: number }>;
      }>(`/api/token-volume?startDate=${date}&endDate=${date}&labs=all&lab=anthropic`);
      const row = body.data[0];
      if (row === undefined) throw new Error("no volume row");
      return `Anthropic's token volume of 2026-11-21 is not settled yet; the latest settled day is ${date}.\nAnthropic: ${(row.share * 100).toFixed(1)}% of the tracked labs' tokens on ${date} (${Math.round(row.totalTokens).toLocaleString("en-US")} tokens; growth index ${row.growthIndex.toFixed(1)}, 100 on its first published day).`;
    },
  },
]);
