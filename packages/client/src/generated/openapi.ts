/**
 * Generated from the api's GET /openapi.json by openapi-typescript: do not edit.
 * Regenerate with `pnpm --filter @tpi/client types:generate`; a test fails while it differs.
 */

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness, database connectivity and the data sets' state */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/otpi": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Token price index per lab (USD per million tokens)
         * @description Without a key: the 4 free-tier labs and the trailing month (`access` = `public-1mo`): today minus one calendar month (the day clamped to that month's length) through today, UTC; outside it, or for another lab, a 401 naming the window's first day or the lab. With a key: every lab and all history (`full`).
         *
         *     Without a date parameter: the latest settled day on which the caller's labs have data. A single day's answer carries `date`, a range's `startDate` and `endDate`. Rows are ordered by date, then by lab in catalog order; `indexPerMtok` is USD per million tokens at full precision and `computedAt` the settlement instant. A lab-day without a value has no row, never a zero.
         *
         *     Every answer also carries `dataSources`: `sample` is true when any of its numbers rests on the generated sample (not market data), `notice` is then the line to quote with them, and `sources` names each source of the answered days with its `asOf`, `citation` and `licence`. GPU answers carry the same field beside their `provenance`.
         *
         *     400 for `date` with a range, half a range, a start after the end, a day that is not a real `YYYY-MM-DD` day, an unknown `lab` (the message lists the allowed ones), or a repeated or unknown parameter; 404 when nothing settled matches.
         */
        get: operations["getOtpi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/otpi/constituents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every model considered for one lab-day: prices, volumes, weight in the blend or why it was excluded
         * @description Keyless callers may read free-tier labs inside the free window, like `/api/otpi`; everything else needs a key. The inputs are those frozen when the day settled (or last restated).
         */
        get: operations["getOtpiConstituents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/otpi/methodology": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The methodology in force: formula, eligibility, data sufficiency, settlement, restatements, version history */
        get: operations["getOtpiMethodology"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/otpi/revisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The revision log: every restatement of a settled value, with old and new value, reason and time
         * @description Oldest first. Nothing restated (in the range, for the lab) is 200 with `count: 0`, not 404.
         */
        get: operations["getOtpiRevisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/token-volume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Token volume per lab: tokens, growth index and share of the closed labs (or the labs asked)
         * @description By default the closed labs (anthropic, openai, google), as the reference service serves them; `labs=all` serves every tracked lab and `labs=anthropic,qwen` a list (`labs` in the answer names the labs served). Per lab and settled day: `totalTokens`, the tokens the published index value was computed from (frozen at settlement, restated with it); `growthIndex`, 100 x totalTokens / the tokens of the lab's base day (its first settled day with a published value, over all history, so a day's value is the same in every answer; `baselines` lists each base as `{lab, date, totalTokens}`); `share`, totalTokens / the sum over the labs served with a published value that day (a fraction; with `lab`, still over every lab served); `totalGrowthIndex`, 100 x the labs' summed tokens that day / `totalBaseline.totalTokens`, where `totalBaseline` `{date, totalTokens}` is the first day of all history on which every lab served is published (null on a day one of them is not: its total is not like-for-like). A lab-day without a published value (suppressed) has no row and is left out of that day's shares. Rows are date ascending, then catalog order; only settled days appear. No maximum range: the answer is bounded by the published history (at most one row per lab and day). Differences from the reference service that stay: one row per lab and day (`totalGrowthIndex` repeated on each row of the day) rather than a `labs` array per day, and the optional `labs` and `lab` parameters (the reference has no lab filter). `dataSources` says where the values come from (`sample` is true for generated sample data). Every key plan reads every lab and all history (`access` = `full`).
         */
        get: operations["getTokenVolume"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/token-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every tracked lab */
        get: operations["listTokenTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/token-types-free": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Labs on the free tier */
        get: operations["listFreeTokenTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/gpu-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every tracked GPU */
        get: operations["listGpuTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/gpu-types-free": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GPUs on the free tier */
        get: operations["listFreeGpuTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/gpu-methodology": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The GPU methodology in force: trade basis, hourly prints, winsorizing, daily settlement, version history, and the sources of the stored trades
         * @description `dataSources.sample` is true while any stored trade is the generated sample: quote `dataSources.notice` with GPU values then.
         */
        get: operations["getGpuMethodology"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/gpu/{gpuName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Latest hourly print of one GPU (USD per GPU-hour)
         * @description Free-tier GPUs without a key; `RTX PRO 6000 WS` needs one. Prints are published hourly on the hour.
         */
        get: operations["getGpuLatest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/daily-index/all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Latest settled daily value of every GPU the caller may see
         * @description Daily values settle at 4 PM America/New_York, stamped in UTC (20:00 in summer, 21:00 in winter). Looks back 7 settled days: a GPU without a value in them is left out. Without a key: the 5 free-tier GPUs.
         */
        get: operations["getDailyIndexAll"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/daily-index": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Latest settled daily value of one GPU
         * @description The GPU is named by `gpuType` or its alias `gpu` (both: only when equal). Same look-back as /api/daily-index/all: the latest value must have settled in the last 7 settled days, else 404. Without a key: the free-tier GPUs; `RTX PRO 6000 WS` needs one.
         */
        get: operations["getDailyIndex"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/daily-index/{gpuName}/previous": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Settled daily value before the latest one (day over day)
         * @description The value of the settlement before the latest, in the shape of /api/daily-index, plus the latest value (`latest_index_value`, `latest_date`) and the change between them (`change` in USD per GPU-hour, `change_percent` of the previous value). Both must lie in the last 7 settled days, else 404. Without a key: the free-tier GPUs.
         */
        get: operations["getPreviousDailyIndex"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/day-index": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deprecated alias of /api/daily-index
         * @deprecated
         * @description Answers exactly as /api/daily-index, with the headers `Deprecation` (RFC 9745, deprecated since 2026-11-23) and `Link` to the successor. The GPU is named by `gpuType` or its alias `gpu` (both: only when equal). Same look-back as /api/daily-index/all: the latest value must have settled in the last 7 settled days, else 404. Without a key: the free-tier GPUs; `RTX PRO 6000 WS` needs one.
         */
        get: operations["getDayIndex"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/gpu/{gpuName}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Hourly print nearest an instant
         * @description Never 404 for an out-of-range instant: returns the nearest print and the gap in `time_difference` (seconds).
         */
        get: operations["getGpuNearestPrint"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/gpu/{gpuName}/index-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Daily series of one GPU, oldest first
         * @description Without a key: free-tier GPUs and the trailing 3 months (`access` = `public-3mo`); an earlier `startDate` is 401. With a key: all GPUs and all history (`access` = `premium` for Premium and Trial keys, `full` for Full keys, as the original reports them).
         */
        get: operations["getGpuIndexHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/gpu/{gpuName}/constituents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What one settled GPU daily value was computed from: posted prices included or excluded with the reason, and trades per provider
         * @description `date` is the New York settlement day. Quote rows are the prices frozen when the day settled; trade rows aggregate the trades of the day's prints from trades. Without a key: free-tier GPUs and the trailing 3 months, like `/api/gpu/{gpuName}/index-history`; an earlier day is 401.
         */
        get: operations["getGpuConstituents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/gpu/{gpuName}/history-simple": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Clean daily or hourly series of one GPU, most recent first
         * @description Rows `{timestamp, index_value}`, most recent first: the latest `limit` rows of the range (`has_more` when older ones were left out). `granularity` in the body is the grain served: Full keys get hourly prints for `hourly`, or for `auto` over ranges up to 30 days; Premium and Trial keys are always served daily (not refused). Without `endDate` the range ends at the GPU's latest print; without `startDate` it starts 30 days before the end. A bare date as `endDate` includes that whole UTC day. `limit` defaults to 100, at most 10000.
         */
        get: operations["getGpuHistorySimple"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/gpu/{gpuName}/history-range": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * History rows with their granularity, oldest first
         * @description Rows `{timestamp, index_value, granularity, is_carried}`, oldest first: the first `limit` rows of the range (`has_more` when later ones were left out; ask again from the last `timestamp`). The grain follows the `auto` rule: hourly prints for Full keys over ranges up to 30 days, daily values otherwise and always for Premium and Trial keys. Without `endDate` the range ends at the GPU's latest print; without `startDate` it starts 30 days before the end. A bare date as `endDate` includes that whole UTC day. `limit` defaults to 100, at most 10000.
         */
        get: operations["getGpuHistoryRange"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/gpu/{gpuName}/hourly": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Hourly prints of one GPU (Full keys)
         * @description Prints `{timestamp, index_value, is_carried}`, oldest first. Without `endDate` the range ends at the GPU's latest print; without `startDate` it covers the 24 prints up to the end. At most 31 days per request (400 beyond). Premium and Trial keys get 403.
         */
        get: operations["getGpuHourly"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/gpu/{gpuName}/rolling-24h-average": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mean of the last 24 hourly prints (Full keys)
         * @description `average_usd_per_hour` (USD per GPU-hour): the mean of the hourly prints from `window_start` to `window_end` = `as_of`, the latest print (24 prints, which cover the trades of the 24 hours up to `as_of`), with `print_count` and how many were carried. Moves with each hourly print. Premium and Trial keys get 403.
         */
        get: operations["getGpuRollingAverage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/gpu/{gpuName}/rolling-24h-average/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * History of the 24 h rolling average, oldest first
         * @description `startDate` and `endDate` are required. Daily rows (default): the 24 h average as of each daily settlement instant (4 PM New York) in the range. Full keys may ask `granularity=hourly`: the average as of each print hour, at most 31 days per request; Premium and Trial keys asking hourly are served daily (`granularity` in the body says which).
         */
        get: operations["getGpuRollingAverageHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/gpu/{gpuName}/volatility": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Rolling annualized volatility of one GPU's daily index, most recent first
         * @description One row per settled daily value from `startDate` through `endDate` (both required). Daily grain only: hourly prints are not used. `rolling_volatility` is the sample standard deviation (divisor n - 1) of the `windowDays` daily log returns ln(v[d] / v[d-1]) ending on the row's day, annualized by sqrt(365) because GPU values settle every calendar day, weekends included; a fraction (0.80 is 80 %). The window reaches back before `startDate` into the stored values, so the first rows carry a full window when history allows. A row carries `null` (never 0) when any day of its window lacks a value (a return across a gap would span several days) and for `windowDays` = 1 (a standard deviation needs two returns). `windowDays`: an integer from 1 to 365, default 30.
         */
        get: operations["getGpuVolatility"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/gpu/{gpuName}/volume-metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Trades, GPU-hours and distinct providers per published period, most recent first
         * @description Counted from the trades each print / daily value was computed from, frozen when it was published, per published period only: hourly, the trailing hour of each published print (a trade at exactly HH:00 counts in the next hour's print, as in the index); daily, the trades of the prints each published daily value averages, i.e. its settlement period (after the previous day's 4 PM New York through this day's). A carried print counts zero trades. A trade stored after its period was published changes neither the index nor its volume. `distinct_providers` counts providers, never names them; a day's count is over the whole period, not the sum of its hours. The original's `utilization_ratio` (share of tracked capacity rented) is not served: it needs capacity data this service does not hold. `startDate` and `endDate` are required and span at most 366 days; hourly rows are the prints stamped 00:00 UTC on `startDate` through 23:00 UTC on `endDate`, daily rows the New York days in the range. `granularity`: `daily`, `hourly` or `auto` (hourly up to 30 days, daily beyond). Hourly needs a Full key: Trial and Premium keys are served daily, and the body's `granularity` says which grain was served.
         */
        get: operations["getGpuVolumeMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/memory-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every memory type: frozen id, name, category and unit
         * @description Ids are frozen (never renamed or reused). `memory_type` is the name the other Memory routes also accept (URL-encoded).
         */
        get: operations["listMemoryTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/memory-index": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Latest settled memory prices: session average, change, trailing-week high and low
         * @description Without parameters: every type with a settled value (an array); `category`: that category's types (an array); `type` (frozen id or exact name, URL-encoded): one object. `price` is the mean of the type's observations in the trading day's session (from the previous trading day's 4 PM New York settlement, excluded, to the day's, included); a day without an observation has no value (nothing is carried forward). `changePct` is against the type's previous settled price; `weeklyHigh`/`weeklyLow` cover the 7 calendar days ending on the day; `sourceUpdatedAt` is the latest source time among the session's observations; `updatedAt` when the service settled the value. Every `date` of the answer is a trading day written as the ISO instant 00:00 UTC of its New York date (`2026-01-01T00:00:00.000Z`), the reference service's form; it names the day, not the 4 PM settlement. Every row names its `sources`; `dataSources` gives each source's as-of time, licence and citation as imported, and `sample` is true (on every row too) for the generated sample shown before the first import.
         */
        get: operations["getMemoryIndex"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/memory/{memoryType}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One memory type's settled prices per trading day, oldest first
         * @description The path takes the frozen id or the exact name (URL-encoded); anything else is a 400 naming the ids. `startDate` and `endDate` are inclusive trading days (New York dates): a date-only `endDate` includes that day's 4 PM settlement. `limit` keeps the latest rows of the range (default 1000), still oldest first. A range without values is 200 with an empty `data`. `timestamp` is the settlement instant (4 PM New York, in UTC); `updatedAt` when the service settled the value. Every `date` of the answer is a trading day written as the ISO instant 00:00 UTC of its New York date (`2026-01-01T00:00:00.000Z`), the reference service's form; it names the day, not the 4 PM settlement. A difference from the reference service that stays: its example gives `timestamp` equal to `date` (00:00 UTC), ours is the 4 PM New York settlement the price is of, and rows also carry `sources`, `sample` and `updatedAt`. Every row names its `sources`; `dataSources` gives each source's as-of time, licence and citation as imported, and `sample` is true (on every row too) for the generated sample shown before the first import.
         */
        get: operations["getMemoryHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/memory/revisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The Memory revision log: every change of a settled price, with old and new value, reason and time
         * @description A settled price never changes silently: an import that changes a settled session's observations re-settles the day and adds a revision here. Nothing revised is 200 with `count: 0`.
         */
        get: operations["getMemoryRevisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/memory/methodology": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The Memory methodology: trading calendar, session average, derived fields, revisions, import format and sources
         * @description Public. `dataSources.sample` is true while the generated sample is shown (nothing imported yet).
         */
        get: operations["getMemoryMethodology"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Workload Cost index: cents per coding-agent session, like-for-like index and its price, intensity and mix effects
         * @description Per week (named by its session-cost window's end date), lab and model family (`all`: every cell of the lab): `cCents`, the cost of one coding-agent session in US cents (per session of an agent harness such as Claude Code or Cline, not per request), the mean over the group's cells of OpenRouter's median session cost; `qKtok`, implied thousands of tokens per session (cost / the model's blended list price); `lfl`, a like-for-like index (100 in the group's first week, chained weekly over cells present in both weeks); `priceEffect`, `intensityEffect`, `mixEffect`, the LMDI split of the week's change in percent of the previous week's cost, which add up to `totalChange` (to 1e-9); null in the group's first week. `cells` lists the session-cost cells behind the rows (harness, model, turn range, median cost, blended price, implied tokens) of the latest week of the answer by default (`cells=latest`), so an unfiltered request is not every cell of every week; `cells=all` gives every week's of the range, `cells=none` none, and `cellsOf` says which; `weeks` gives each week's price snapshot and excluded cells. `family` takes our families (brand and tier, such as `claude-sonnet`, `gpt-codex-mini`, `gemini-flash-lite`), `all` (the lab's aggregate), or a class name of the reference service, which selects every family of the class (anthropic: opus, sonnet, haiku, fable; openai: flagship, mini, nano, pro, codex, image; google: flash, pro, lite, image; `flagship` is an OpenAI family without a tier word, such as `gpt-5`; a family with several tier words is in its most specific class: `gpt-codex-mini` is codex). Rows keep our family names. Without `startDate` and `endDate`: the whole history. A week range without rows is an empty `data`; a `family` that is neither a published family nor a class of the `lab` asked is a 404 that names the families there are. Differences from the reference service that stay: costs are per coding-agent session, not per request (`cCents`, `qKtok`), because the source (OpenRouter's session-cost dataset) publishes sessions; weeks (a 7-day window, named by its end date) rather than days; rows name our finer families, and a class name selects them. `dataSources` carries the as-of time, citation and licence (CC BY 4.0); `sample` is true for the generated sample shown before any real week is stored. With `release`, `data` holds the rows as that release holds them; a release holds the rows only, so `weeks` and `cells` are empty and `cellsOf` is `none`.
         */
        get: operations["getWorkload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workload/methodology": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The Workload Cost methodology: sources, cells, implied tokens, the chained like-for-like index, the LMDI split, exclusions and the citation
         * @description Public. `dataSources.sample` is true while the index shows the generated sample (no real session-cost week is stored yet).
         */
        get: operations["getWorkloadMethodology"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/llm-coding/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every LLM Coding product: id, label, category, kind and the series of comparisons */
        get: operations["listLlmCodingProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/llm-coding/index": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The latest value of one LLM Coding product, with its change from the day before
         * @description `product` is one of cc-prs, codex-prs, copilot-prs, cursor-prs, devin-prs, cc-commits, cc-merge, codex-merge, copilot-merge, cursor-merge, devin-merge, cc-vs-codex, cc-vs-codex-merge; the two comparison products have no single value (400: use the history). `changePct` is the change from the previous UTC day's value in percent, null when that day has no value or it is 0; `updatedAt` is when the newest count behind the value was searched. Every row carries `status`: `provisional` until 7 whole days after its UTC day ended (merged counts and merge rates keep rising for days), then `settled`; a settled count that changes later is a revision (`GET /api/llm-coding/revisions`), never a silent change. `dataSources` names where the values come from: GitHub search with its citation, or the generated sample (`sample` true) while no search has answered.
         */
        get: operations["getLlmCodingIndex"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/llm-coding/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One LLM Coding product's daily values, oldest first
         * @description Rows of the UTC days from `startDate` to `endDate` (inclusive, each optional), oldest first; at most `limit` (default 2000), the latest ones when the range holds more. A comparison product adds `seriesLabels` and rows with `value2` (either may be null on a day one series has no value). A day without any value is left out; an empty range is `data: []`, never 404. Every row carries `status`: `provisional` until 7 whole days after its UTC day ended (merged counts and merge rates keep rising for days), then `settled`; a settled count that changes later is a revision (`GET /api/llm-coding/revisions`), never a silent change. `dataSources` names where the values come from: GitHub search with its citation, or the generated sample (`sample` true) while no search has answered. With `release`, the same answer with the values as that release holds them (its `dataSources` those of the rows answered).
         */
        get: operations["getLlmCodingHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/llm-coding/methodology": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The LLM Coding methodology: sources, the exact GitHub searches per agent, the maturation rule, the merge-rate definition and citations
         * @description `dataSources.sample` is true while the generated sample is served (no GitHub search has answered yet): quote `dataSources.notice` with the values then.
         */
        get: operations["getLlmCodingMethodology"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/llm-coding/revisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every recorded change of a settled count behind one LLM Coding product
         * @description A product's value is computed from counts (a merge rate from the opened and merged pull requests of the day); each row is one change of one of those counts after it settled: `oldCount`, `newCount`, `changePercent`, `reason` and `recordedAt`, in the order recorded. `startDate` and `endDate` (inclusive, optional) bound the days whose counts changed. None recorded is `data: []`.
         */
        get: operations["getLlmCodingRevisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/llm-coding/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tokens per coding agent and UTC day, from OpenRouter's coding app rankings
         * @description Rows of the one-day windows of OpenRouter's app rankings (category `coding`) whose app is one of the five agents, oldest first, then by rank; `agent`, `startDate` and `endDate` (inclusive) are optional. `totalTokens` is a decimal string (totals exceed 2^53). Synced only with an OpenRouter key; none stored is `data: []`. `dataSources` carries OpenRouter's citation with the newest `as_of` and the CC BY 4.0 licence: quote them with the numbers. With `release`, the same answer with the values as that release holds them (its `dataSources` those of the rows answered).
         */
        get: operations["getLlmCodingTokens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/neocloud/sites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Neo-cloud (or all) AI data-center sites by city, country or radius
         * @description Every filter given applies: `city` (case-insensitive, with an optional `state`), `state`, `country` (Epoch's name or ISO 3166 alpha-2/alpha-3), `status`, and a radius search `lat` + `lon` + `radiusKm` (aliases `latitude`, `longitude`/`lng`, `radius`), which needs all three (400 otherwise, as for a radius ≤ 0 or a latitude or longitude out of range). Radius searches use the great-circle (haversine) distance on a sphere of 6371.0088 km and sort nearest first, each site with `distanceKm`; a site without coordinates never matches one. Other answers sort by site name. Without filters: every site of the scope. `scope` is `neocloud` (default) or `all`. `limit` defaults to 100 (at most 1000); `total` counts every match. Fields not in the sources (`dcTier`, `leaseTerm`, `contractAnnounced`, `gpuOrderDate`) are always null; the methodology says where each field comes from. `dataSources` names Epoch AI's datasets with their retrieval time (as-of), licence (CC BY 4.0) and the citation to show; `sample` is true for the generated sample served before the first import. With `release`, the same search over the sites as that release holds them (`dataSources` as of their retrieval).
         */
        get: operations["listNeocloudSites"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/neocloud/sites/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Site count, power and GPUs by country or chip family
         * @description `by=country`: one bucket per country (`Unknown` for sites without one). `by=gpu_type`: one bucket per chip family; a site with two chip types counts in each (its site count and its whole power in each, and each chip's own quantity where the source splits it); a chip no family matches, and a site without a chip type (every Frontier Data Centers site), count as `Other`. `total_gpu_qty` adds known and estimated quantities; a site without power or quantity adds 0 and is counted in `sites_without_power` / `sites_without_gpu_qty` (per bucket) and `sitesWithoutPower` / `sitesWithoutGpuQty` (overall). Buckets are sorted by total power, then site count, descending, then key. `dataSources` names Epoch AI's datasets with their retrieval time (as-of), licence (CC BY 4.0) and the citation to show; `sample` is true for the generated sample served before the first import.
         */
        get: operations["aggregateNeocloudSites"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/neocloud/map": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The sites as a GeoJSON FeatureCollection
         * @description RFC 7946: one `Point` feature per site with coordinates (`[longitude, latitude]`), its properties a summary of the site; `sitesWithoutCoordinates` counts the sites of the scope left off the map. `scope` as for the sites. `scope` and `dataSources` are foreign members of the collection. `dataSources` names Epoch AI's datasets with their retrieval time (as-of), licence (CC BY 4.0) and the citation to show; `sample` is true for the generated sample served before the first import.
         */
        get: operations["getNeocloudMap"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/neocloud/methodology": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The Neo-Cloud Sites methodology: sources and citations, field mapping, the neo-cloud definition and operator list, chip families, geocoding
         * @description Public. `imports` lists each dataset's last import; `dataSources.sample` is true while the generated sample is served.
         */
        get: operations["getNeocloudMethodology"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/create-api-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create another API key for the caller's account
         * @description Authenticated with an existing key of the account. The new key is in the 201 answer only (`Cache-Control: no-store`): only its hash is stored. Trial accounts get 403 with `{ success: false, error }` (no `message`); an account already holding its most active keys (MAX_KEYS_PER_ACCOUNT) gets 409.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's webhook subscriptions
         * @description Oldest first, with the plan's limits (subscriptions, deliveries per UTC day) and the deliveries counted today.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a webhook subscription
         * @description The URL must be https on a public address (unless the operator allows otherwise). `filter` narrows what it receives (types, markets, series, threshold rules); omitted, every event. The secret signs every delivery (Standard Webhooks headers webhook-id, webhook-timestamp, webhook-signature) and is in this answer only.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One webhook subscription */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a webhook subscription
         * @description No events are queued for it while paused; what was queued waits. Pausing a paused one changes nothing; a disabled one answers 409.
         */
        post: operations["pauseWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a paused webhook subscription
         * @description Events are queued for it again and what waited is delivered, in order (events published while paused are not). A disabled one answers 409: enable it.
         */
        post: operations["resumeWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a subscription disabled after failed deliveries
         * @description The delivery that gave up is queued again, first, then everything queued behind it (events are queued for a disabled subscription too), in order. Its deliveries are kept 7 days from when it was disabled; enabled later, it receives what the outbox still holds (at least the last 7 days' events). Any other status answers 409.
         */
        post: operations["enableWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a subscription's signing secret
         * @description The previous secret keeps signing beside the new one for 24 hours (both signatures in webhook-signature), so the receiver switches without losing a delivery.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a signed test delivery now
         * @description A `webhook.test` payload, signed like every delivery, posted at once whatever the subscription's status; the answer says what the endpoint answered, and the log keeps it. Not an event: it does not count against the daily cap.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a webhook subscription
         * @description With its queued deliveries and its log.
         */
        post: operations["deleteWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A subscription's delivery log
         * @description Each event's delivery: its status (pending, delivering, delivered, failed, skipped), attempts, the last answer's status, latency and error (or why it was skipped), newest first; `nextBefore` pages on. With the newest test sends.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries/{eventId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver one event again
         * @description A finished delivery (delivered, failed or skipped) is queued again, due now, with the same webhook-id; it goes out before what is queued behind it, once the request in flight to the endpoint, if any, is finished.
         */
        post: operations["redeliverWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/releases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the daily releases
         * @description One release per UTC day: every market's published series as first published that day, numbered 1, 2, ... and never rewritten. Newest first; page with `before`.
         */
        get: operations["listReleases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/releases/{release}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A release's manifest: files, checksums, sources, citation
         * @description Its datasets (columns and files with row counts, sizes and SHA-256), each market's methodology version, the sources with their citations and licences, and the suggested citation line.
         */
        get: operations["getRelease"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/releases/{release}/files/{fileName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a release's file
         * @description A full file holds every series over all history and needs a key whose plan reads the dataset; a free file holds the free series over the free window and is keyless for the latest release only.
         */
        get: operations["getReleaseFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Receive events live (Server-Sent Events)
         * @description The events a webhook subscription receives (value.settled, print.published, value.revised, threshold.crossed, source.degraded, source.recovered), pushed as they are published. Reconnect with Last-Event-ID to receive every event after the last one seen, none twice, within 7 days. Each key may hold a few streams open at once.
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the market-data assistant
         * @description Answers from the index data with the rows used (`sources`); says so when a question is outside its scope.
         */
        post: operations["chat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI 3.1.0 document */
        get: operations["openApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Interactive reference rendered from this document (assets served under /docs/assets) */
        get: operations["apiReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ErrorBody: {
            /**
             * @description Short error label
             * @example Bad request
             */
            error: string;
            /** @description Human-readable explanation */
            message: string;
            /** @description The request's id, also sent as the X-Request-Id header (an incoming X-Request-Id of up to 64 letters, digits and . _ : - is kept); quote it when reporting a problem */
            requestId?: string;
        };
        ChatRequest: {
            /**
             * @description The question, 1-2000 characters.
             * @example How did the H100 SXM index change over the last 30 days?
             */
            message: string;
            /** @description Earlier turns, oldest first, at most 10 (`role` `user` or `assistant`, `content` at most 1000 characters); a follow-up without a lab or GPU refers to the ones named earlier. */
            history?: {
                /** @enum {string} */
                role: "user" | "assistant";
                content: string;
            }[];
        };
        ChatSource: {
            /**
             * @description The REST route that returns these rows.
             * @example /api/gpu/{gpuName}/index-history
             */
            endpoint: string;
            /** @description Its parameters, so the rows can be fetched again and checked. */
            parameters: {
                [key: string]: string;
            };
            /** @description The rows the answer used, with the route's field names. */
            values: {
                [key: string]: string | number | boolean | null | string[];
            }[];
            /**
             * @description Model answers: the data tool the model called for these rows (the MCP server's tool of the same name).
             * @example get_token_index
             */
            tool?: string;
        };
        ChatResponse: {
            /** @constant */
            success: true;
            data: {
                answer: string;
                sources: components["schemas"]["ChatSource"][];
                /**
                 * @description What the question was understood as: `latest`, `on_day`, `change`, `compare`, `extreme`, `mover`, `free_tier`, `methodology`, `provenance`, `invalid_date`, `out_of_scope`, or one of a market's own questions; `out_of_scope` when it is not about our data.
                 * @example change
                 */
                intent: string;
                /** @description The data notice of the markets the answer is about, also the answer's last lines: the sample notice while their data is the generated sample, else the citations their sources' licences require. */
                notices: string[];
                /**
                 * @description `built-in` answers alone; `model` when the configured model answered by calling the data tools, whose results are the sources.
                 * @enum {string}
                 */
                engine: "built-in" | "model";
            };
        };
        OtpiResponse: {
            /** @constant */
            success: true;
            /** @enum {string} */
            access: "public-1mo" | "full";
            /**
             * Format: date
             * @description Single-day responses only.
             * @example 2026-08-21
             */
            date?: string;
            /**
             * Format: date
             * @description Range responses only.
             * @example 2026-08-21
             */
            startDate?: string;
            /**
             * Format: date
             * @description Range responses only.
             * @example 2026-08-21
             */
            endDate?: string;
            count: number;
            data: {
                /**
                 * Format: date
                 * @example 2026-08-21
                 */
                date: string;
                /**
                 * @description Model lab identifier (case-sensitive).
                 * @enum {string}
                 */
                lab: "anthropic" | "openai" | "google" | "deepseek" | "minimax" | "xiaomi" | "qwen" | "moonshotai" | "z-ai" | "mistralai" | "meta-llama";
                /** @description USD per million tokens, full precision. */
                indexPerMtok: number;
                /**
                 * Format: date-time
                 * @example 2026-08-21T20:00:00.000Z
                 */
                computedAt: string;
            }[];
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        TokenTypes: {
            /** @constant */
            success: true;
            data: {
                /**
                 * @description Model lab identifier (case-sensitive).
                 * @enum {string}
                 */
                lab: "anthropic" | "openai" | "google" | "deepseek" | "minimax" | "xiaomi" | "qwen" | "moonshotai" | "z-ai" | "mistralai" | "meta-llama";
                label: string;
                freeTier: boolean;
            }[];
        };
        TokenTypesFree: {
            /** @constant */
            success: true;
            /** @constant */
            access: "free-tier";
            data: {
                /**
                 * @description Model lab identifier (case-sensitive).
                 * @enum {string}
                 */
                lab: "anthropic" | "openai" | "google" | "deepseek" | "minimax" | "xiaomi" | "qwen" | "moonshotai" | "z-ai" | "mistralai" | "meta-llama";
                label: string;
            }[];
        };
        Health: {
            /**
             * @description `healthy`: the database answers and every market's data set is complete. `loading`: a market's first-start load is running (in this instance or another). `degraded`: a market's first-start load stopped unfinished (a source failed, or its process was stopped or died) and none is running: that market serves what is stored, possibly nothing, until a start or a serving instance's hourly check completes it. `unhealthy` (503): the database does not answer.
             * @enum {string}
             */
            status: "healthy" | "loading" | "degraded" | "unhealthy";
            /**
             * Format: date-time
             * @example 2026-08-21T20:00:00.000Z
             */
            timestamp: string;
            /** @enum {string} */
            database: "connected" | "disconnected";
            /** @description Each market's data set, by market name (absent while the database does not answer): `complete`, `loading` or `incomplete`. */
            data?: {
                [key: string]: "complete" | "loading" | "incomplete";
            };
        } & {
            [key: string]: string;
        };
        GpuCatalog: {
            /** @constant */
            success: true;
            data: {
                /**
                 * @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
                 * @example H100 SXM
                 * @enum {string}
                 */
                gpu_name: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
                /**
                 * @description Only the global index is published.
                 * @constant
                 */
                region: "global";
            }[];
        };
        GpuLatestPrint: {
            /** @constant */
            success: true;
            data: {
                /**
                 * @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
                 * @example H100 SXM
                 * @enum {string}
                 */
                gpu_name: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
                /**
                 * @description Only the global index is published.
                 * @constant
                 */
                region: "global";
                /** @description USD per GPU-hour, full precision. */
                index_value: number;
                /**
                 * Format: date-time
                 * @description The hour of the latest hourly print (UTC).
                 * @example 2026-08-21T20:00:00.000Z
                 */
                last_updated: string;
                /** @description True when that hour had no trades and the previous print was carried forward. */
                is_carried: boolean;
                /**
                 * @description The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
                 * @enum {string}
                 */
                basis: "trades" | "quotes" | "mixed";
                /**
                 * @description The data sources behind the value, sorted (`sample` for the generated sample).
                 * @example [
                 *       "gpurentalprices"
                 *     ]
                 */
                sources: string[];
                /** @description Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print. */
                providerCount: number;
                /** @description Posted prices counted (quotes basis; summed over a day's prints); 0 for trades. */
                offerCount: number;
                /** @description True when the value was computed more than an hour after its hour or settlement instant. */
                backfilled: boolean;
            };
            provenance: components["schemas"]["GpuAnswerProvenance"];
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        DailyIndexAll: {
            /** @constant */
            success: true;
            /**
             * Format: date-time
             * @description Latest settlement instant among the rows: 4 PM America/New_York in UTC (20:00 or 21:00).
             * @example 2026-08-21T20:00:00.000Z
             */
            date: string;
            data: {
                /**
                 * @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
                 * @example H100 SXM
                 * @enum {string}
                 */
                gpu_type: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
                /**
                 * @description Only the global index is published.
                 * @constant
                 */
                region: "global";
                /** @description USD per GPU-hour, full precision. */
                index_value: number;
                /**
                 * Format: date-time
                 * @example 2026-08-21T20:00:00.000Z
                 */
                date: string;
                /**
                 * @description The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
                 * @enum {string}
                 */
                basis: "trades" | "quotes" | "mixed";
                /**
                 * @description The data sources behind the value, sorted (`sample` for the generated sample).
                 * @example [
                 *       "gpurentalprices"
                 *     ]
                 */
                sources: string[];
                /** @description Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print. */
                providerCount: number;
                /** @description Posted prices counted (quotes basis; summed over a day's prints); 0 for trades. */
                offerCount: number;
                /** @description True when the value was computed more than an hour after its hour or settlement instant. */
                backfilled: boolean;
            }[];
            count: number;
            provenance: components["schemas"]["GpuAnswerProvenance"];
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        GpuNearestPrint: {
            /** @constant */
            success: true;
            data: {
                /**
                 * @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
                 * @example H100 SXM
                 * @enum {string}
                 */
                gpu_name: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
                /**
                 * @description Only the global index is published.
                 * @constant
                 */
                region: "global";
                /** @description USD per GPU-hour, full precision. */
                index_value: number;
                /**
                 * Format: date-time
                 * @description The hour of the hourly print nearest the requested instant.
                 * @example 2026-08-21T20:00:00.000Z
                 */
                timestamp: string;
                is_carried: boolean;
                /**
                 * Format: date-time
                 * @description The requested instant, normalised to UTC.
                 * @example 2026-08-21T20:00:00.000Z
                 */
                requested_datetime: string;
                /** @description Absolute gap between the requested instant and `timestamp`, in seconds. */
                time_difference: number;
                /** @description True when `time_difference` is 0. */
                is_exact: boolean;
                /**
                 * @description The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
                 * @enum {string}
                 */
                basis: "trades" | "quotes" | "mixed";
                /**
                 * @description The data sources behind the value, sorted (`sample` for the generated sample).
                 * @example [
                 *       "gpurentalprices"
                 *     ]
                 */
                sources: string[];
                /** @description Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print. */
                providerCount: number;
                /** @description Posted prices counted (quotes basis; summed over a day's prints); 0 for trades. */
                offerCount: number;
                /** @description True when the value was computed more than an hour after its hour or settlement instant. */
                backfilled: boolean;
            };
            provenance: components["schemas"]["GpuAnswerProvenance"];
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        GpuIndexHistory: {
            /** @constant */
            success: true;
            /**
             * @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
             * @example H100 SXM
             * @enum {string}
             */
            gpu_type: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
            /**
             * @description `public-3mo` without a key, `premium` with a Premium or Trial key, `full` with a Full key (the original's values).
             * @enum {string}
             */
            access: "public-3mo" | "premium" | "full";
            /** @description First day of the range served; null when unbounded. */
            startDate: string | null;
            /**
             * Format: date
             * @example 2026-08-21
             */
            endDate: string;
            count: number;
            data: {
                /**
                 * Format: date-time
                 * @description Settlement instant: 4 PM America/New_York in UTC.
                 * @example 2026-08-21T20:00:00.000Z
                 */
                timestamp: string;
                /** @description Daily value: mean of the day's hourly prints, USD per GPU-hour. */
                index_value: number;
                /**
                 * @description The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
                 * @enum {string}
                 */
                basis: "trades" | "quotes" | "mixed";
                /**
                 * @description The data sources behind the value, sorted (`sample` for the generated sample).
                 * @example [
                 *       "gpurentalprices"
                 *     ]
                 */
                sources: string[];
                /** @description Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print. */
                providerCount: number;
                /** @description Posted prices counted (quotes basis; summed over a day's prints); 0 for trades. */
                offerCount: number;
                /** @description True when the value was computed more than an hour after its hour or settlement instant. */
                backfilled: boolean;
            }[];
            provenance: components["schemas"]["GpuAnswerProvenance"];
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        /** @description null: no narrowing (every value) */
        WebhookFilter: {
            types: ("value.settled" | "print.published" | "value.revised" | "threshold.crossed" | "source.degraded" | "source.recovered")[] | null;
            markets: string[] | null;
            series: string[] | null;
            thresholds: ({
                /** @constant */
                kind: "level";
                level: number;
            } | {
                /** @constant */
                kind: "change";
                percent: number;
            })[];
        };
        WebhookSubscription: {
            id: string;
            url: string;
            filter: components["schemas"]["WebhookFilter"];
            /** @enum {string} */
            status: "active" | "paused" | "disabled";
            disabledReason: string | null;
            /**
             * Format: date-time
             * @example 2026-08-21T20:00:00.000Z
             */
            createdAt: string;
            failingSince: string | null;
        };
        WebhookList: {
            /** @constant */
            success: true;
            subscriptions: components["schemas"]["WebhookSubscription"][];
            allowance: {
                plan: string;
                limits: {
                    subscriptions: number;
                    deliveriesPerDay: number;
                };
                deliveriesToday: number;
            };
        };
        WebhookCreated: {
            /** @constant */
            success: true;
            subscription: components["schemas"]["WebhookSubscription"];
            /** @description The signing secret (whsec_...), shown this once */
            secret: string;
        };
        WebhookAnswer: {
            /** @constant */
            success: true;
            subscription: components["schemas"]["WebhookSubscription"];
        };
        WebhookSecretRotated: {
            /** @constant */
            success: true;
            /** @description The new signing secret, shown this once */
            secret: string;
            /**
             * Format: date-time
             * @description Until then the previous secret signs too
             * @example 2026-08-21T20:00:00.000Z
             */
            previousSecretExpiresAt: string;
        };
        WebhookTest: {
            /**
             * Format: date-time
             * @example 2026-08-21T20:00:00.000Z
             */
            sentAt: string;
            delivered: boolean;
            responseStatus: number | null;
            latencyMs: number;
            error: string | null;
        };
        WebhookTestAnswer: {
            /** @constant */
            success: true;
            test: components["schemas"]["WebhookTest"];
        };
        WebhookDeleted: {
            /** @constant */
            success: true;
            id: string;
            /** @constant */
            deleted: true;
        };
        WebhookDelivery: {
            position: number;
            eventId: string;
            /** @enum {string} */
            eventType: "value.settled" | "print.published" | "value.revised" | "threshold.crossed" | "source.degraded" | "source.recovered";
            /**
             * Format: date-time
             * @example 2026-08-21T20:00:00.000Z
             */
            publishedAt: string;
            /** @enum {string} */
            status: "pending" | "delivering" | "delivered" | "failed" | "skipped";
            attempts: number;
            lastAttemptAt: string | null;
            responseStatus: number | null;
            error: string | null;
            latencyMs: number | null;
            nextAttemptAt: string | null;
            deliveredAt: string | null;
        };
        WebhookDeliveryLog: {
            /** @constant */
            success: true;
            deliveries: components["schemas"]["WebhookDelivery"][];
            nextBefore: number | null;
            tests: components["schemas"]["WebhookTest"][];
        };
        WebhookRedelivered: {
            /** @constant */
            success: true;
            eventId: string;
            /** @constant */
            requeued: true;
        };
        ReleaseList: {
            /** @constant */
            success: true;
            count: number;
            data: {
                release: number;
                /** @description The UTC day the release holds, as first published that day */
                day: string;
                /** @description When it was cut, ISO 8601 UTC */
                cutAt: string;
                /** @description How many files it has */
                files: number;
                /** @description Its manifest (a path of this api) */
                url: string;
            }[];
        };
        ReleaseManifest: {
            /** @constant */
            success: true;
            release: number;
            day: string;
            cutAt: string;
            /** @description The suggested citation line */
            citation: string;
            /** @description Each market's method version */
            methodologyVersions: {
                [key: string]: string;
            };
            /** @description Every source the release's rows name, by market (a release cut before its datasets named their sources: each market's sources at the cut) */
            sources: {
                market: string;
                source: string;
                sample: boolean;
                citation: string | null;
                licence: {
                    name: string;
                    url: string;
                } | null;
            }[];
            datasets: {
                market: string;
                name: string;
                title: string;
                description: string;
                historyRoute: string;
                columns: {
                    name: string;
                    type: string;
                    nullable: boolean;
                    description: string;
                    scale?: number;
                }[];
                /** @description How many rows the release holds of the dataset: 0 when it holds none (absent in releases cut before it was stated) */
                rows?: number;
                /** @description Each source the dataset's rows name (a row standing on several sources names each), sample when any of its rows is, with the market's citation and licence for it: empty when the release holds no row of it (absent in releases cut before it was stated) */
                sources?: {
                    source: string;
                    sample: boolean;
                    citation: string | null;
                    licence: {
                        name: string;
                        url: string;
                    } | null;
                }[];
                files: {
                    /** @enum {string} */
                    variant: "full" | "free";
                    /** @enum {string} */
                    format: "csv" | "parquet";
                    fileName: string;
                    /** @description Data rows (the header not counted) */
                    rows: number;
                    bytes: number;
                    /** @description Hex SHA-256 of the file's bytes */
                    sha256: string;
                    /** @description Where the file is downloaded (a path of this api) */
                    url: string;
                }[];
            }[];
        };
        AnswerDataSources: {
            /** @description True when any number of the answer rests on the generated sample: not market data */
            sample: boolean;
            /** @description The sample notice to show with the numbers when `sample` is true; null otherwise */
            notice: string | null;
            /** @description Each source of the answer's numbers: sample or not, as-of, citation, licence */
            sources: {
                /** @description `openrouter`, `sample`, or an observation file's source */
                source: string;
                /** @description True for generated sample data: never market data */
                sample: boolean;
                /** @description The source's as-of time of the data, ISO 8601 UTC */
                asOf: string | null;
                /** @description The line to show with the numbers (OpenRouter's citation, or the sample notice) */
                citation: string | null;
                licence: {
                    name: string;
                    url: string;
                } | null;
            }[];
        };
        GpuAnswerProvenance: {
            /** @description True when any value of the answer rests on the generated sample. */
            sample: boolean;
            /** @description Each source of the answer's values: its latest as-of time, the citation to show with the numbers and its licence. */
            sources: {
                /** @description `openrouter`, `sample`, or an observation file's source */
                source: string;
                /** @description True for generated sample data: never market data */
                sample: boolean;
                /** @description The source's as-of time of the data, ISO 8601 UTC */
                asOf: string | null;
                /** @description The line to show with the numbers (OpenRouter's citation, or the sample notice) */
                citation: string | null;
                licence: {
                    name: string;
                    url: string;
                } | null;
            }[];
        };
        GpuDailyIndex: {
            /** @constant */
            success: true;
            data: {
                /**
                 * @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
                 * @example H100 SXM
                 * @enum {string}
                 */
                gpu_type: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
                /**
                 * @description Only the global index is published.
                 * @constant
                 */
                region: "global";
                /** @description Settled daily value: mean of the day's hourly prints, USD per GPU-hour. */
                index_value: number;
                /**
                 * Format: date-time
                 * @description Settlement instant: 4 PM America/New_York in UTC (20:00 or 21:00).
                 * @example 2026-08-21T20:00:00.000Z
                 */
                date: string;
                /**
                 * @description The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
                 * @enum {string}
                 */
                basis: "trades" | "quotes" | "mixed";
                /**
                 * @description The data sources behind the value, sorted (`sample` for the generated sample).
                 * @example [
                 *       "gpurentalprices"
                 *     ]
                 */
                sources: string[];
                /** @description Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print. */
                providerCount: number;
                /** @description Posted prices counted (quotes basis; summed over a day's prints); 0 for trades. */
                offerCount: number;
                /** @description True when the value was computed more than an hour after its hour or settlement instant. */
                backfilled: boolean;
            };
            provenance: components["schemas"]["GpuAnswerProvenance"];
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        GpuPreviousDailyIndex: {
            /** @constant */
            success: true;
            data: {
                /**
                 * @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
                 * @example H100 SXM
                 * @enum {string}
                 */
                gpu_type: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
                /**
                 * @description Only the global index is published.
                 * @constant
                 */
                region: "global";
                /** @description Settled daily value: mean of the day's hourly prints, USD per GPU-hour. */
                index_value: number;
                /**
                 * Format: date-time
                 * @description Settlement instant: 4 PM America/New_York in UTC (20:00 or 21:00).
                 * @example 2026-08-21T20:00:00.000Z
                 */
                date: string;
                /**
                 * @description The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
                 * @enum {string}
                 */
                basis: "trades" | "quotes" | "mixed";
                /**
                 * @description The data sources behind the value, sorted (`sample` for the generated sample).
                 * @example [
                 *       "gpurentalprices"
                 *     ]
                 */
                sources: string[];
                /** @description Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print. */
                providerCount: number;
                /** @description Posted prices counted (quotes basis; summed over a day's prints); 0 for trades. */
                offerCount: number;
                /** @description True when the value was computed more than an hour after its hour or settlement instant. */
                backfilled: boolean;
                /** @description The latest settled daily value (the one after `date`), USD per GPU-hour. */
                latest_index_value: number;
                /**
                 * Format: date-time
                 * @description Settlement instant of the latest value.
                 * @example 2026-08-21T20:00:00.000Z
                 */
                latest_date: string;
                /** @description `latest_index_value` minus `index_value`, USD per GPU-hour. */
                change: number;
                /** @description `change` as a percentage of `index_value`. */
                change_percent: number;
            };
            provenance: components["schemas"]["GpuAnswerProvenance"];
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        GpuHistorySimple: {
            /** @constant */
            success: true;
            /**
             * @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
             * @example H100 SXM
             * @enum {string}
             */
            gpu_type: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
            /**
             * @description `premium` for Premium and Trial keys, `full` for Full keys.
             * @enum {string}
             */
            access: "public-3mo" | "premium" | "full";
            /**
             * @description The grain actually served: `daily` (settled values, 4 PM New York) or `hourly` (prints).
             * @enum {string}
             */
            granularity: "daily" | "hourly";
            /**
             * Format: date-time
             * @description First instant of the range served (UTC).
             * @example 2026-08-21T20:00:00.000Z
             */
            startDate: string;
            /**
             * Format: date-time
             * @description Last instant of the range served (UTC).
             * @example 2026-08-21T20:00:00.000Z
             */
            endDate: string;
            limit: number;
            count: number;
            /** @description True when the range holds more rows than `limit`: the oldest were left out. */
            has_more: boolean;
            /** @description Most recent first. */
            data: {
                /**
                 * Format: date-time
                 * @description The print's hour, or the daily value's settlement instant (4 PM New York in UTC).
                 * @example 2026-08-21T20:00:00.000Z
                 */
                timestamp: string;
                /** @description USD per GPU-hour, full precision. */
                index_value: number;
                /**
                 * @description The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
                 * @enum {string}
                 */
                basis: "trades" | "quotes" | "mixed";
                /**
                 * @description The data sources behind the value, sorted (`sample` for the generated sample).
                 * @example [
                 *       "gpurentalprices"
                 *     ]
                 */
                sources: string[];
                /** @description Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print. */
                providerCount: number;
                /** @description Posted prices counted (quotes basis; summed over a day's prints); 0 for trades. */
                offerCount: number;
                /** @description True when the value was computed more than an hour after its hour or settlement instant. */
                backfilled: boolean;
            }[];
            provenance: components["schemas"]["GpuAnswerProvenance"];
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        GpuHistoryRange: {
            /** @constant */
            success: true;
            /**
             * @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
             * @example H100 SXM
             * @enum {string}
             */
            gpu_type: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
            /**
             * @description `premium` for Premium and Trial keys, `full` for Full keys.
             * @enum {string}
             */
            access: "public-3mo" | "premium" | "full";
            /**
             * Format: date-time
             * @description First instant of the range served (UTC).
             * @example 2026-08-21T20:00:00.000Z
             */
            startDate: string;
            /**
             * Format: date-time
             * @description Last instant of the range served (UTC).
             * @example 2026-08-21T20:00:00.000Z
             */
            endDate: string;
            limit: number;
            count: number;
            /** @description True when the range holds more rows than `limit`: the most recent were left out (ask again from the last `timestamp`). */
            has_more: boolean;
            /** @description Oldest first. */
            data: {
                /**
                 * Format: date-time
                 * @description The print's hour, or the daily value's settlement instant (4 PM New York in UTC).
                 * @example 2026-08-21T20:00:00.000Z
                 */
                timestamp: string;
                /** @description USD per GPU-hour, full precision. */
                index_value: number;
                /**
                 * @description The grain actually served: `daily` (settled values, 4 PM New York) or `hourly` (prints).
                 * @enum {string}
                 */
                granularity: "daily" | "hourly";
                /** @description Hourly rows: the hour had no trades and the previous print was carried. Always false on daily rows. */
                is_carried: boolean;
                /**
                 * @description The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
                 * @enum {string}
                 */
                basis: "trades" | "quotes" | "mixed";
                /**
                 * @description The data sources behind the value, sorted (`sample` for the generated sample).
                 * @example [
                 *       "gpurentalprices"
                 *     ]
                 */
                sources: string[];
                /** @description Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print. */
                providerCount: number;
                /** @description Posted prices counted (quotes basis; summed over a day's prints); 0 for trades. */
                offerCount: number;
                /** @description True when the value was computed more than an hour after its hour or settlement instant. */
                backfilled: boolean;
            }[];
            provenance: components["schemas"]["GpuAnswerProvenance"];
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        GpuHourlySeries: {
            /** @constant */
            success: true;
            /**
             * @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
             * @example H100 SXM
             * @enum {string}
             */
            gpu_type: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
            /** @constant */
            access: "full";
            /** @constant */
            granularity: "hourly";
            /**
             * Format: date-time
             * @description First instant of the range served (UTC).
             * @example 2026-08-21T20:00:00.000Z
             */
            startDate: string;
            /**
             * Format: date-time
             * @description Last instant of the range served (UTC).
             * @example 2026-08-21T20:00:00.000Z
             */
            endDate: string;
            count: number;
            /** @description Oldest first. */
            data: {
                /**
                 * Format: date-time
                 * @description The print's hour (UTC).
                 * @example 2026-08-21T20:00:00.000Z
                 */
                timestamp: string;
                /** @description USD per GPU-hour, full precision. */
                index_value: number;
                is_carried: boolean;
                /**
                 * @description The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
                 * @enum {string}
                 */
                basis: "trades" | "quotes" | "mixed";
                /**
                 * @description The data sources behind the value, sorted (`sample` for the generated sample).
                 * @example [
                 *       "gpurentalprices"
                 *     ]
                 */
                sources: string[];
                /** @description Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print. */
                providerCount: number;
                /** @description Posted prices counted (quotes basis; summed over a day's prints); 0 for trades. */
                offerCount: number;
                /** @description True when the value was computed more than an hour after its hour or settlement instant. */
                backfilled: boolean;
            }[];
            provenance: components["schemas"]["GpuAnswerProvenance"];
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        GpuRollingAverage: {
            /** @constant */
            success: true;
            data: {
                /**
                 * @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
                 * @example H100 SXM
                 * @enum {string}
                 */
                gpu_name: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
                /**
                 * @description Only the global index is published.
                 * @constant
                 */
                region: "global";
                /** @description Mean of the hourly prints in the window, USD per GPU-hour. */
                average_usd_per_hour: number;
                /**
                 * Format: date-time
                 * @description The latest print's hour: the window ends here (included).
                 * @example 2026-08-21T20:00:00.000Z
                 */
                as_of: string;
                /**
                 * Format: date-time
                 * @description The first print hour the window covers (as_of minus 23 hours).
                 * @example 2026-08-21T20:00:00.000Z
                 */
                window_start: string;
                /**
                 * Format: date-time
                 * @description The last print hour covered (= as_of).
                 * @example 2026-08-21T20:00:00.000Z
                 */
                window_end: string;
                /** @description Prints averaged: 24 unless the history is shorter. */
                print_count: number;
                /** @description How many of them were carried forward (hours without trades). */
                carried_count: number;
            };
            provenance: components["schemas"]["GpuAnswerProvenance"];
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        GpuRollingAverageHistory: {
            /** @constant */
            success: true;
            /**
             * @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
             * @example H100 SXM
             * @enum {string}
             */
            gpu_type: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
            /**
             * @description `premium` for Premium and Trial keys, `full` for Full keys.
             * @enum {string}
             */
            access: "public-3mo" | "premium" | "full";
            /**
             * @description The grain actually served: `daily` (settled values, 4 PM New York) or `hourly` (prints).
             * @enum {string}
             */
            granularity: "daily" | "hourly";
            /**
             * Format: date-time
             * @description First instant of the range served (UTC).
             * @example 2026-08-21T20:00:00.000Z
             */
            startDate: string;
            /**
             * Format: date-time
             * @description Last instant of the range served (UTC).
             * @example 2026-08-21T20:00:00.000Z
             */
            endDate: string;
            count: number;
            /** @description Oldest first. */
            data: {
                /**
                 * Format: date-time
                 * @description The instant the average is as of: a settlement instant (daily) or a print hour (hourly).
                 * @example 2026-08-21T20:00:00.000Z
                 */
                timestamp: string;
                /** @description Mean of the hourly prints in the window, USD per GPU-hour. */
                average_usd_per_hour: number;
                print_count: number;
            }[];
            provenance: components["schemas"]["GpuAnswerProvenance"];
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        GpuMethodologyResponse: {
            /** @constant */
            success: true;
            version: string;
            unit: string;
            /** @description The winsorizing percentiles the settlement runs with, as fractions */
            winsor: {
                lower: number;
                upper: number;
            };
            /** @description Methodology 2.0's rules for prints from posted prices */
            quoteRules: {
                /** @description Fewest providers with an on-demand price for a print from quotes */
                minProviders: number;
                /** @description Per quote source read: hours after its as-of time a snapshot may still be used */
                maxSnapshotAgeHours: {
                    [key: string]: number;
                };
                /** @description Why a posted price of a snapshot read does not count, by reason */
                exclusionReasons: {
                    [key: string]: string;
                };
            };
            settlementTimeZone: string;
            sections: {
                id: string;
                heading: string;
                text: string;
            }[];
            history: {
                version: string;
                effectiveFrom: string;
                summary: string;
            }[];
            /** @description The stored trades by source: `sample` is true while any of them is the generated sample */
            dataSources: {
                /** @description True when any published data comes from the generated sample */
                sample: boolean;
                /** @description The sample notice when sample data is shown */
                notice: string | null;
                sources: {
                    source: string;
                    sample: boolean;
                    firstDay: string;
                    lastDay: string;
                    days: number;
                    latestAsOf: string | null;
                    citation: string | null;
                    licence: {
                        name: string;
                        url: string;
                    } | null;
                }[];
            };
        };
        GpuVolatility: {
            /** @constant */
            success: true;
            /**
             * @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
             * @example H100 SXM
             * @enum {string}
             */
            gpu_type: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
            window_days: number;
            /**
             * Format: date
             * @example 2026-08-21
             */
            startDate: string;
            /**
             * Format: date
             * @example 2026-08-21
             */
            endDate: string;
            count: number;
            data: {
                /**
                 * Format: date-time
                 * @description Settlement instant of the daily value: 4 PM America/New_York in UTC.
                 * @example 2026-08-21T20:00:00.000Z
                 */
                recorded_at: string;
                /**
                 * @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
                 * @example H100 SXM
                 * @enum {string}
                 */
                gpu_type: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
                /** @constant */
                region: "global";
                /** @description The daily value, USD per GPU-hour. */
                index_value: number;
                /** @description Annualized standard deviation of the window's daily log returns, a fraction (0.80 is 80 %); null when the window is not complete. */
                rolling_volatility: number | null;
                window_days: number;
                /**
                 * @description The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
                 * @enum {string}
                 */
                basis: "trades" | "quotes" | "mixed";
                /**
                 * @description The data sources behind the value, sorted (`sample` for the generated sample).
                 * @example [
                 *       "gpurentalprices"
                 *     ]
                 */
                sources: string[];
                /** @description Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print. */
                providerCount: number;
                /** @description Posted prices counted (quotes basis; summed over a day's prints); 0 for trades. */
                offerCount: number;
                /** @description True when the value was computed more than an hour after its hour or settlement instant. */
                backfilled: boolean;
            }[];
            provenance: components["schemas"]["GpuAnswerProvenance"];
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        GpuVolumeMetrics: {
            /** @constant */
            success: true;
            /**
             * @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
             * @example H100 SXM
             * @enum {string}
             */
            gpu_type: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
            /**
             * @description The grain served.
             * @enum {string}
             */
            granularity: "daily" | "hourly";
            /**
             * Format: date
             * @example 2026-08-21
             */
            startDate: string;
            /**
             * Format: date
             * @example 2026-08-21
             */
            endDate: string;
            count: number;
            data: {
                /**
                 * Format: date-time
                 * @description End of the period: the print's hour (hourly) or the settlement instant (daily).
                 * @example 2026-08-21T20:00:00.000Z
                 */
                recorded_at: string;
                /**
                 * @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
                 * @example H100 SXM
                 * @enum {string}
                 */
                gpu_type: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
                /** @constant */
                region: "global";
                /** @description Trades executed in the period. */
                trade_count: number;
                /** @description GPU-hours rented in those trades. */
                gpu_hours: number;
                /** @description How many providers traded in the period (never which). */
                distinct_providers: number;
                /**
                 * @description The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.
                 * @enum {string}
                 */
                basis: "trades" | "quotes" | "mixed";
                /**
                 * @description The data sources behind the value, sorted (`sample` for the generated sample).
                 * @example [
                 *       "gpurentalprices"
                 *     ]
                 */
                sources: string[];
                /** @description Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print. */
                providerCount: number;
                /** @description Posted prices counted (quotes basis; summed over a day's prints); 0 for trades. */
                offerCount: number;
                /** @description True when the value was computed more than an hour after its hour or settlement instant. */
                backfilled: boolean;
            }[];
            provenance: components["schemas"]["GpuAnswerProvenance"];
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        GpuConstituents: {
            /** @constant */
            success: true;
            /**
             * @description `public-3mo` without a key, `premium` with a Premium or Trial key, `full` with a Full key.
             * @enum {string}
             */
            access: "public-3mo" | "premium" | "full";
            /**
             * @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.
             * @example H100 SXM
             * @enum {string}
             */
            gpuName: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
            /** @description The New York settlement day. */
            date: string;
            /**
             * Format: date-time
             * @description 4 PM America/New_York on `date`, in UTC.
             * @example 2026-08-21T20:00:00.000Z
             */
            settledAt: string;
            /** @constant */
            published: true;
            /** @description The daily value: mean of the day's hourly prints. */
            indexValue: number;
            methodologyVersion: string;
            /** @enum {string} */
            basis: "trades" | "quotes" | "mixed";
            backfilled: boolean;
            printCount: number;
            providerCount: number;
            offerCount: number;
            tradeCount: number;
            provenance: components["schemas"]["GpuAnswerProvenance"];
            dataSources: components["schemas"]["AnswerDataSources"];
            count: number;
            /** @description Quote rows (every posted price of the snapshots the day's prints read, included or excluded with the reason) then trade rows (the trades of the day's prints from trades, per source and provider). */
            data: ({
                /** @constant */
                kind: "quote";
                /** @description The quote source of the snapshot (`gpurentalprices`). */
                source: string;
                /** @description The stored snapshot the price was read from. */
                snapshotId: number;
                /**
                 * Format: date-time
                 * @description The source's own time of that snapshot.
                 * @example 2026-08-21T20:00:00.000Z
                 */
                snapshotAsOf: string;
                provider: string;
                /** @description How the price is offered; only `on-demand` counts. */
                tier: string;
                /** @description What tells the offer apart from the provider's others; "" when one. */
                offer: string;
                /** @description USD per GPU-hour. */
                priceUsdPerGpuHour: number;
                /** @description How many of the day's hourly prints read this snapshot. */
                prints: number;
                /** @description True when the price counted in those prints. */
                included: boolean;
                /** @description Why the price did not count; null when it counted. */
                exclusionReason: ("tier" | "stale") | null;
                exclusionDescription: string | null;
            } | {
                /** @constant */
                kind: "trades";
                /** @description The trades' source (`sample` for the generated sample). */
                source: string;
                provider: string;
                tradeCount: number;
                gpuHours: number;
                /** @description GPU-hour-weighted mean of the trades' prices, before winsorizing, USD per GPU-hour. */
                averagePriceUsdPerGpuHour: number;
            })[];
        };
        LlmCodingProductsResponse: {
            /** @constant */
            success: true;
            data: {
                /** @enum {string} */
                id: "cc-prs" | "codex-prs" | "copilot-prs" | "cursor-prs" | "devin-prs" | "cc-commits" | "cc-merge" | "codex-merge" | "copilot-merge" | "cursor-merge" | "devin-merge" | "cc-vs-codex" | "cc-vs-codex-merge";
                label: string;
                /** @enum {string} */
                category: "prs" | "commits" | "merge" | "compare";
                /**
                 * @description `count`: pull requests or commits per UTC day; `pct`: a merge rate in percent
                 * @enum {string}
                 */
                kind: "count" | "pct";
                /** @description True for a two-series product (`value` and `value2`) */
                compare: boolean;
                /** @description The two series' labels of a comparison product; null otherwise */
                seriesLabels: [
                    string,
                    string
                ] | null;
            }[];
        };
        LlmCodingIndexResponse: {
            /** @constant */
            success: true;
            data: {
                /** @enum {string} */
                product: "cc-prs" | "codex-prs" | "copilot-prs" | "cursor-prs" | "devin-prs" | "cc-commits" | "cc-merge" | "codex-merge" | "copilot-merge" | "cursor-merge" | "devin-merge" | "cc-vs-codex" | "cc-vs-codex-merge";
                label: string;
                /**
                 * @description `count`: pull requests or commits per UTC day; `pct`: a merge rate in percent
                 * @enum {string}
                 */
                kind: "count" | "pct";
                /** @description The latest day's value: a whole count, or a merge rate in percent (unrounded) */
                value: number;
                /** @description Change from the previous UTC day's value in percent; null when that day has no value or it is 0 */
                changePct: number | null;
                /**
                 * Format: date
                 * @description The UTC day of the value
                 * @example 2026-08-21
                 */
                date: string;
                /** @description When the newest count behind the value was searched (ISO 8601 UTC); for the generated sample, when it was generated */
                updatedAt: string;
                /**
                 * @description `provisional` while any count the value uses may still move (until 7 whole days after the day ended); `settled` after. A settled count that changes is recorded as a revision (`GET /api/llm-coding/revisions`).
                 * @enum {string}
                 */
                status: "provisional" | "settled";
            };
            /** @description The sources of the values: GitHub search (its citation; counts are facts and carry no licence), or the generated sample (`sample` true, with its notice), each with its days and newest search (`latestAsOf`) */
            dataSources: {
                /** @description True when any published data comes from the generated sample */
                sample: boolean;
                /** @description The sample notice when sample data is shown */
                notice: string | null;
                sources: {
                    source: string;
                    sample: boolean;
                    firstDay: string;
                    lastDay: string;
                    days: number;
                    latestAsOf: string | null;
                    citation: string | null;
                    licence: {
                        name: string;
                        url: string;
                    } | null;
                }[];
            };
        };
        LlmCodingHistoryResponse: {
            /** @constant */
            success: true;
            /** @enum {string} */
            product: "cc-prs" | "codex-prs" | "copilot-prs" | "cursor-prs" | "devin-prs" | "cc-commits" | "cc-merge" | "codex-merge" | "copilot-merge" | "cursor-merge" | "devin-merge" | "cc-vs-codex" | "cc-vs-codex-merge";
            compare: boolean;
            /** @description Comparison products only: the labels of `value` and `value2` */
            seriesLabels?: [
                string,
                string
            ];
            count: number;
            /** @description The sources of the values: GitHub search (its citation; counts are facts and carry no licence), or the generated sample (`sample` true, with its notice), each with its days and newest search (`latestAsOf`) */
            dataSources: {
                /** @description True when any published data comes from the generated sample */
                sample: boolean;
                /** @description The sample notice when sample data is shown */
                notice: string | null;
                sources: {
                    source: string;
                    sample: boolean;
                    firstDay: string;
                    lastDay: string;
                    days: number;
                    latestAsOf: string | null;
                    citation: string | null;
                    licence: {
                        name: string;
                        url: string;
                    } | null;
                }[];
            };
            data: {
                /**
                 * Format: date
                 * @example 2026-08-21
                 */
                date: string;
                /** @description The day's value (the first series of a comparison product); null in a comparison row whose first series has none that day */
                value: number | null;
                /** @description Comparison products only: the second series' value (null: none) */
                value2?: number | null;
                /**
                 * @description `provisional` while any count the value uses may still move (until 7 whole days after the day ended); `settled` after. A settled count that changes is recorded as a revision (`GET /api/llm-coding/revisions`).
                 * @enum {string}
                 */
                status: "provisional" | "settled";
            }[];
        };
        LlmCodingRevisionsResponse: {
            /** @constant */
            success: true;
            /** @enum {string} */
            product: "cc-prs" | "codex-prs" | "copilot-prs" | "cursor-prs" | "devin-prs" | "cc-commits" | "cc-merge" | "codex-merge" | "copilot-merge" | "cursor-merge" | "devin-merge" | "cc-vs-codex" | "cc-vs-codex-merge";
            count: number;
            /** @description The sources of the values: GitHub search (its citation; counts are facts and carry no licence), or the generated sample (`sample` true, with its notice), each with its days and newest search (`latestAsOf`) */
            dataSources: {
                /** @description True when any published data comes from the generated sample */
                sample: boolean;
                /** @description The sample notice when sample data is shown */
                notice: string | null;
                sources: {
                    source: string;
                    sample: boolean;
                    firstDay: string;
                    lastDay: string;
                    days: number;
                    latestAsOf: string | null;
                    citation: string | null;
                    licence: {
                        name: string;
                        url: string;
                    } | null;
                }[];
            };
            data: {
                /**
                 * Format: date
                 * @description The UTC day whose count changed
                 * @example 2026-08-21
                 */
                date: string;
                /** @enum {string} */
                agent: "claude" | "codex" | "copilot" | "cursor" | "devin";
                /**
                 * @description Which count: `opened` pull requests, `merged` pull requests or `commits`
                 * @enum {string}
                 */
                metric: "opened" | "merged" | "commits";
                /** @description The settled count before the change */
                oldCount: number;
                /** @description The count served since */
                newCount: number;
                /** @description Relative change in percent; null when the old count was 0 */
                changePercent: number | null;
                /** @enum {string} */
                reason: "rose_after_settlement" | "fell_after_settlement";
                message: string;
                /** @description When the change was observed (ISO 8601 UTC) */
                recordedAt: string;
            }[];
        };
        LlmCodingMethodologyResponse: {
            /** @constant */
            success: true;
            version: string;
            unit: string;
            /** @description Whole days after a day ends during which its counts are provisional */
            maturationDays: number;
            /** @description How a merge rate is computed */
            mergeRate: string;
            /** @description The method, one rule per sentence */
            rules: string[];
            /** @description The exact GitHub searches per agent, one per count and UTC day */
            queries: {
                /** @enum {string} */
                agent: "claude" | "codex" | "copilot" | "cursor" | "devin";
                label: string;
                opened: {
                    endpoint: string;
                    /** @description The search's `q`, with the day as YYYY-MM-DD */
                    q: string;
                };
                merged: {
                    endpoint: string;
                    /** @description The search's `q`, with the day as YYYY-MM-DD */
                    q: string;
                };
                commits: {
                    endpoint: string;
                    /** @description The search's `q`, with the day as YYYY-MM-DD */
                    q: string;
                } | null;
                reason: string;
            }[];
            sources: {
                id: string;
                name: string;
                url: string;
                measures: string;
                citation: string;
                licence: {
                    name: string;
                    url: string;
                } | null;
            }[];
            /** @description The sources of the values: GitHub search (its citation; counts are facts and carry no licence), or the generated sample (`sample` true, with its notice), each with its days and newest search (`latestAsOf`) */
            dataSources: {
                /** @description True when any published data comes from the generated sample */
                sample: boolean;
                /** @description The sample notice when sample data is shown */
                notice: string | null;
                sources: {
                    source: string;
                    sample: boolean;
                    firstDay: string;
                    lastDay: string;
                    days: number;
                    latestAsOf: string | null;
                    citation: string | null;
                    licence: {
                        name: string;
                        url: string;
                    } | null;
                }[];
            };
        };
        LlmCodingTokensResponse: {
            /** @constant */
            success: true;
            count: number;
            /** @description OpenRouter's app rankings with the newest `as_of`, its citation and licence (CC BY 4.0) */
            dataSources: {
                /** @description True when any published data comes from the generated sample */
                sample: boolean;
                /** @description The sample notice when sample data is shown */
                notice: string | null;
                sources: {
                    source: string;
                    sample: boolean;
                    firstDay: string;
                    lastDay: string;
                    days: number;
                    latestAsOf: string | null;
                    citation: string | null;
                    licence: {
                        name: string;
                        url: string;
                    } | null;
                }[];
            };
            data: {
                /**
                 * Format: date
                 * @description The UTC day of the one-day rankings window
                 * @example 2026-08-21
                 */
                date: string;
                /** @enum {string} */
                agent: "claude" | "codex" | "copilot" | "cursor" | "devin";
                appId: number;
                /** @description The app's name in the rankings */
                appName: string;
                /** @description Its rank in the coding category that day */
                rank: number;
                totalRequests: number;
                /** @description Prompt + completion tokens that day as each provider's tokenizer counts them, a decimal string (totals exceed 2^53) */
                totalTokens: string;
                /** @description The rankings' `as_of` (ISO 8601 UTC) */
                asOf: string;
            }[];
        };
        MemoryTypesResponse: {
            /** @constant */
            success: true;
            data: {
                /**
                 * @description Frozen key (at most 32 characters), never renamed or reused
                 * @enum {string}
                 */
                id: "mem_ddr3_4gb" | "mem_ddr4_8gb" | "mem_ddr4_8gb_ett" | "mem_ddr4_16gb" | "mem_ddr4_16gb_ett" | "mem_ddr5_16gb" | "mem_ddr5_16gb_ett" | "mem_mlc_32gb" | "mem_mlc_64gb" | "mem_slc_1gb" | "mem_slc_2gb" | "mem_ddr4_udimm_16gb" | "mem_ddr5_rdimm_32gb" | "mem_ddr5_udimm_16gb";
                /** @description The type's name */
                memory_type: string;
                /** @enum {string} */
                category: "dram" | "flash" | "module";
                /**
                 * @description What one price is for: USD per chip (DRAM, NAND flash) or per module
                 * @enum {string}
                 */
                unit: "USD per chip" | "USD per module";
            }[];
        };
        MemoryIndexResponse: {
            /** @constant */
            success: true;
            date: string | null;
            count: number;
            /** @description An array (every type, or the `category`'s), or one object when `type` is given; a type without a settled value is left out */
            data: {
                /** @description Frozen type id */
                id: string;
                /** @description The type's name */
                memoryType: string;
                /** @enum {string} */
                category: "dram" | "flash" | "module";
                /** @description Session average: the mean of the type's observations in the trading day's session, USD */
                price: number;
                /** @description Percent change from the type's previous settled price; null for its first value */
                changePct: number | null;
                /** @description Highest settled price of the type over the 7 calendar days ending on the day, USD */
                weeklyHigh: number;
                /** @description Lowest settled price of the type over the 7 calendar days ending on the day, USD */
                weeklyLow: number;
                /**
                 * Format: date-time
                 * @description The latest source publication time among the session's observations (ISO UTC)
                 * @example 2026-08-21T20:00:00.000Z
                 */
                sourceUpdatedAt: string;
                /** @description The sources of the session's observations */
                sources: string[];
                /** @description True for the generated sample: not market data */
                sample: boolean;
                /**
                 * Format: date-time
                 * @description The trading day (New York date) whose 4 PM settlement this is, as the ISO instant 00:00 UTC of that date (`2026-01-01T00:00:00.000Z`), the reference service's form; the settlement itself is 4 PM New York
                 * @example 2026-01-01T00:00:00.000Z
                 */
                date: string;
                /**
                 * Format: date-time
                 * @description When the service settled the value (ISO UTC)
                 * @example 2026-08-21T20:00:00.000Z
                 */
                updatedAt: string;
            } | {
                /** @description Frozen type id */
                id: string;
                /** @description The type's name */
                memoryType: string;
                /** @enum {string} */
                category: "dram" | "flash" | "module";
                /** @description Session average: the mean of the type's observations in the trading day's session, USD */
                price: number;
                /** @description Percent change from the type's previous settled price; null for its first value */
                changePct: number | null;
                /** @description Highest settled price of the type over the 7 calendar days ending on the day, USD */
                weeklyHigh: number;
                /** @description Lowest settled price of the type over the 7 calendar days ending on the day, USD */
                weeklyLow: number;
                /**
                 * Format: date-time
                 * @description The latest source publication time among the session's observations (ISO UTC)
                 * @example 2026-08-21T20:00:00.000Z
                 */
                sourceUpdatedAt: string;
                /** @description The sources of the session's observations */
                sources: string[];
                /** @description True for the generated sample: not market data */
                sample: boolean;
                /**
                 * Format: date-time
                 * @description The trading day (New York date) whose 4 PM settlement this is, as the ISO instant 00:00 UTC of that date (`2026-01-01T00:00:00.000Z`), the reference service's form; the settlement itself is 4 PM New York
                 * @example 2026-01-01T00:00:00.000Z
                 */
                date: string;
                /**
                 * Format: date-time
                 * @description When the service settled the value (ISO UTC)
                 * @example 2026-08-21T20:00:00.000Z
                 */
                updatedAt: string;
            }[];
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        MemoryHistoryResponse: {
            /** @constant */
            success: true;
            id: string;
            memoryType: string;
            count: number;
            /** @description Oldest first */
            data: {
                /**
                 * Format: date-time
                 * @description The trading day (New York date), as the ISO instant 00:00 UTC of that date (`2026-01-01T00:00:00.000Z`), the reference service's form; the settlement itself is 4 PM New York
                 * @example 2026-01-01T00:00:00.000Z
                 */
                date: string;
                /** @description Frozen type id */
                id: string;
                /** @description The type's name */
                memoryType: string;
                /** @enum {string} */
                category: "dram" | "flash" | "module";
                /** @description Session average: the mean of the type's observations in the trading day's session, USD */
                price: number;
                /** @description Percent change from the type's previous settled price; null for its first value */
                changePct: number | null;
                /** @description Highest settled price of the type over the 7 calendar days ending on the day, USD */
                weeklyHigh: number;
                /** @description Lowest settled price of the type over the 7 calendar days ending on the day, USD */
                weeklyLow: number;
                /**
                 * Format: date-time
                 * @description The latest source publication time among the session's observations (ISO UTC)
                 * @example 2026-08-21T20:00:00.000Z
                 */
                sourceUpdatedAt: string;
                /** @description The sources of the session's observations */
                sources: string[];
                /** @description True for the generated sample: not market data */
                sample: boolean;
                /**
                 * Format: date-time
                 * @description The settlement instant: 4 PM New York of `date`, in UTC
                 * @example 2026-08-21T20:00:00.000Z
                 */
                timestamp: string;
                /**
                 * Format: date-time
                 * @description When the service settled the value (ISO UTC)
                 * @example 2026-08-21T20:00:00.000Z
                 */
                updatedAt: string;
            }[];
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        MemoryRevisionsResponse: {
            /** @constant */
            success: true;
            count: number;
            data: {
                id: number;
                /**
                 * Format: date
                 * @description The trading day revised
                 * @example 2026-08-21
                 */
                date: string;
                memoryTypeId: string;
                memoryType: string;
                /** @description USD; null when the day had no value */
                oldPrice: number | null;
                /** @description USD; null when the day lost its value */
                newPrice: number | null;
                changePercent: number | null;
                /** @description When the old value was settled */
                oldUpdatedAt: string | null;
                reason: string;
                /**
                 * Format: date-time
                 * @example 2026-08-21T20:00:00.000Z
                 */
                recordedAt: string;
            }[];
        };
        MemoryMethodologyResponse: {
            /** @constant */
            success: true;
            version: string;
            unit: string;
            /** @description The method, one sentence per rule */
            rules: string[];
            /** @description The fields of `tpi memory import` files (CSV header or JSON keys) */
            importColumns: {
                column: string;
                meaning: string;
            }[];
            /** @description What was checked for a public series to bundle, and why none is */
            publicSeries: string[];
            latestDate: string | null;
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        NeocloudSiteProvenance: {
            /** @enum {string} */
            dataset: "gpu-clusters" | "data-centers";
            source: string;
            /** @description GPU Clusters `Name` or the hub's `Handle` */
            recordName: string;
            sourceUrls: string[];
            /** @description When the import that wrote this content read the file(s) */
            retrievedAt: string;
            licence: {
                name: string;
                url: string;
            };
            citation: string;
            /** @description Epoch's own sources of the record */
            sourceLinks: string[];
            /** @description Epoch's confidence tag of each owner and user (`confident`, `likely`, `speculative`) */
            confidence: {
                [key: string]: string;
            };
            /** @description GPU Clusters `Certainty`; null for the hub */
            certainty: string | null;
        };
        NeocloudSite: {
            /** @description `<dataset>:<record name or handle>` */
            id: string;
            /** @enum {string} */
            dataset: "gpu-clusters" | "data-centers";
            /** @description The neo-cloud, else the owner(s) */
            company: string | null;
            siteName: string;
            /** @description The location or address as the source writes it */
            streetAddress: string | null;
            city: string | null;
            /** @description US two-letter state code; null elsewhere */
            state: string | null;
            /** @description As Epoch writes it */
            country: string | null;
            latitude: number | null;
            longitude: number | null;
            /** @description `site`: the source's coordinates; `city`: geocoded from the city; null: unknown */
            coordinatePrecision: ("site" | "city") | null;
            /** @description Not in the sources: always null */
            dcTier: null;
            ownershipModel: ("owned" | "colocation") | null;
            coloPartner: string | null;
            gpuTypes: string[];
            chips: {
                /** @description Chip family (`H100`, `GB200`), or Epoch's name when no family matches */
                type: string;
                /** @description Aggregate bucket: the family, or `Other` */
                bucket: string;
                generation: string | null;
                /** @description This chip's quantity as the source splits it */
                quantity: number | null;
                /** @description Epoch's chip type as written */
                sourceName: string;
            }[];
            /** @description Chips, when Epoch marks the record Confirmed */
            gpuQtyKnown: number | null;
            /** @description Chips, when Epoch's certainty is anything else */
            gpuQtyEst: number | null;
            h100Equivalents: number | null;
            chipGeneration: string | null;
            /** @description MW */
            powerCapacity: number | null;
            /** @enum {string} */
            category: "neocloud" | "hyperscaler" | "ai-lab" | "dc-developer" | "public-sector" | "other-private" | "unknown";
            isNeocloud: boolean;
            status: ("operational" | "under_construction" | "planned" | "decommissioned") | null;
            /** @description Not in the sources: always null */
            leaseTerm: null;
            keyCustomer: string | null;
            /** @description Not in the sources: always null */
            contractAnnounced: null;
            /** @description Not in the sources: always null */
            gpuOrderDate: null;
            constructionStart: string | null;
            phase1LiveDate: string | null;
            fullCapacityTarget: string | null;
            sourceNotes: string | null;
            /** @description True for a generated sample site: not market data */
            sample: boolean;
            provenance: components["schemas"]["NeocloudSiteProvenance"];
            /** @description Great-circle distance from the search centre, km (radius searches only) */
            distanceKm?: number;
        };
        NeocloudSitesResponse: {
            /** @constant */
            success: true;
            /** @enum {string} */
            scope: "neocloud" | "all";
            /** @description Sites in `data` */
            count: number;
            /** @description Sites matching, before `limit` and `offset` */
            total: number;
            limit: number;
            offset: number;
            data: components["schemas"]["NeocloudSite"][];
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        NeocloudAggregateResponse: {
            /** @constant */
            success: true;
            /** @enum {string} */
            by: "country" | "gpu_type";
            /** @enum {string} */
            scope: "neocloud" | "all";
            /** @description Sites in the scope */
            sites: number;
            sitesWithoutPower: number;
            sitesWithoutGpuQty: number;
            data: {
                /** @description Country (`Unknown` without one) or chip family (`Other`) */
                key: string;
                site_count: number;
                total_power_mw: number;
                /** @description Known and estimated chips together */
                total_gpu_qty: number;
                sites_without_power: number;
                sites_without_gpu_qty: number;
            }[];
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        NeocloudMapResponse: {
            /** @constant */
            type: "FeatureCollection";
            /** @enum {string} */
            scope: "neocloud" | "all";
            features: {
                /** @constant */
                type: "Feature";
                id: string;
                geometry: {
                    /** @constant */
                    type: "Point";
                    /** @description [longitude, latitude] (RFC 7946) */
                    coordinates: number[];
                };
                properties: {
                    siteName: string;
                    company: string | null;
                    /** @enum {string} */
                    dataset: "gpu-clusters" | "data-centers";
                    city: string | null;
                    state: string | null;
                    country: string | null;
                    status: ("operational" | "under_construction" | "planned" | "decommissioned") | null;
                    /** @enum {string} */
                    category: "neocloud" | "hyperscaler" | "ai-lab" | "dc-developer" | "public-sector" | "other-private" | "unknown";
                    isNeocloud: boolean;
                    gpuTypes: string[];
                    gpuQty: number | null;
                    powerCapacity: number | null;
                    coordinatePrecision: ("site" | "city") | null;
                    sample: boolean;
                };
            }[];
            /** @description Sites of the scope left off the map */
            sitesWithoutCoordinates: number;
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        NeocloudMethodologyResponse: {
            methodologyVersion: string;
            summary: string;
            sources: {
                source: string;
                title: string;
                urls: string[];
                documentation: string;
                citation: string;
                licence: {
                    name: string;
                    url: string;
                };
                terms: string;
            }[];
            fields: {
                [key: string]: string;
            };
            neocloudDefinition: string;
            operatorCategories: {
                [key: string]: string;
            };
            operators: {
                name: string;
                category: string;
                aliases: string[];
                note: string | null;
            }[];
            chipFamilies: {
                family: string;
                generation: string;
            }[];
            rules: string[];
            geocoding: string;
            gazetteer: {
                name: string;
                licence: string;
                attribution: string;
                url: string;
            };
            imports: {
                dataset: string;
                sourceUrls: string[];
                retrievedAt: string;
                records: number;
            }[];
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        TokenVolumeResponse: {
            /** @constant */
            success: true;
            /** @enum {string} */
            access: "public-1mo" | "full";
            /**
             * Format: date
             * @example 2026-08-21
             */
            startDate: string;
            /**
             * Format: date
             * @example 2026-08-21
             */
            endDate: string;
            /** @description The labs the shares and totals are over, catalog order */
            labs: ("anthropic" | "openai" | "google" | "deepseek" | "minimax" | "xiaomi" | "qwen" | "moonshotai" | "z-ai" | "mistralai" | "meta-llama")[];
            count: number;
            /** @description The base of `totalGrowthIndex`, from all history; null when no day has every lab of `labs` */
            totalBaseline: {
                /**
                 * Format: date
                 * @description The first settled day on which every lab of `labs` has a published value
                 * @example 2026-08-21
                 */
                date: string;
                /** @description Tokens (exact up to 2^53) */
                totalTokens: number;
            } | null;
            /** @description The base of each lab in `data` (from all history, not the range) */
            baselines: {
                /** @enum {string} */
                lab: "anthropic" | "openai" | "google" | "deepseek" | "minimax" | "xiaomi" | "qwen" | "moonshotai" | "z-ai" | "mistralai" | "meta-llama";
                /**
                 * Format: date
                 * @description The lab's first settled day with a published value
                 * @example 2026-08-21
                 */
                date: string;
                /** @description Tokens (exact up to 2^53) */
                totalTokens: number;
            }[];
            /** @description The sources behind the published values; `sample` marks generated data */
            dataSources: {
                /** @description True when any published data comes from the generated sample */
                sample: boolean;
                /** @description The sample notice when sample data is shown */
                notice: string | null;
                sources: {
                    source: string;
                    sample: boolean;
                    firstDay: string;
                    lastDay: string;
                    days: number;
                    latestAsOf: string | null;
                    citation: string | null;
                    licence: {
                        name: string;
                        url: string;
                    } | null;
                }[];
            };
            data: {
                /**
                 * Format: date
                 * @example 2026-08-21
                 */
                date: string;
                /** @enum {string} */
                lab: "anthropic" | "openai" | "google" | "deepseek" | "minimax" | "xiaomi" | "qwen" | "moonshotai" | "z-ai" | "mistralai" | "meta-llama";
                /** @description Tokens the lab-day's published index value was computed from (frozen at settlement) */
                totalTokens: number;
                /** @description 100 x totalTokens / the lab's base-day totalTokens; 100 on the base day */
                growthIndex: number | null;
                /** @description totalTokens / the sum over the labs of `labs` published that day (a fraction; the shares of a day sum to 1) */
                share: number | null;
                /** @description 100 x the day's summed tokens of the labs of `labs` / `totalBaseline.totalTokens` (the same on every row of the day); null on a day one of those labs is not published, or when there is no total base */
                totalGrowthIndex: number | null;
            }[];
        };
        WorkloadResponse: {
            /** @constant */
            success: true;
            /** @constant */
            unit: "US cents per coding-agent session (cCents); thousands of tokens per session (qKtok)";
            /** @description As asked; null: from the first week */
            startDate: string | null;
            /** @description As asked; null: through the latest week */
            endDate: string | null;
            /**
             * @description Which weeks' cells `cells` holds: `latest` (the latest week of the answer), `all` or `none`
             * @enum {string}
             */
            cellsOf: "latest" | "all" | "none";
            count: number;
            data: {
                /**
                 * Format: date
                 * @description The week: its session-cost window's end date (UTC)
                 * @example 2026-08-21
                 */
                date: string;
                /** @enum {string} */
                lab: "anthropic" | "openai" | "google" | "deepseek" | "minimax" | "xiaomi" | "qwen" | "moonshotai" | "z-ai" | "mistralai" | "meta-llama";
                /** @description Model family, or `all` (every cell of the lab) */
                family: string;
                /** @description Cost per coding-agent SESSION, US cents: the mean over the group's cells of the median session cost (not per request) */
                cCents: number;
                /** @description Like-for-like index, base 100 in the group's first week, chained weekly over cells present in both weeks (Törnqvist) */
                lfl: number;
                /** @description Implied thousands of tokens per session: median session cost / the model's blended list price, averaged over cells */
                qKtok: number;
                /** @description Percent of the previous week's cost per session due to list prices of the same cells (LMDI); null in the group's first week */
                priceEffect: number | null;
                /** @description Percent due to implied tokens per session of the same cells (LMDI); null in the first week */
                intensityEffect: number | null;
                /** @description Percent due to the cells' shares and cells entering or leaving (LMDI); null in the first week */
                mixEffect: number | null;
                /** @description Percent change of cCents from the group's previous week: priceEffect + intensityEffect + mixEffect (to 1e-9); null in the first week */
                totalChange: number | null;
                /** @description Cells (harness x model x turn range) in the group this week */
                cells: number;
                /** @description Cells also present in the group's previous week (the like-for-like link's base); null in the first week */
                matchedCells: number | null;
                /** @description True when no cell matched the previous week: the link is taken as 1 and the change is all mix */
                lflImputed: boolean;
                /**
                 * Format: date-time
                 * @description When the row's inputs were complete: the later of the session-cost snapshot's as-of time and the price snapshot's fetch time (ISO UTC)
                 * @example 2026-08-21T20:00:00.000Z
                 */
                computedAt: string;
            }[];
            /** @description The weeks of the answer, with their price snapshot and exclusions */
            weeks: {
                /**
                 * Format: date
                 * @example 2026-08-21
                 */
                date: string;
                windowDays: number;
                /**
                 * Format: date-time
                 * @example 2026-08-21T20:00:00.000Z
                 */
                asOf: string;
                /** @description When the price snapshot that priced the week was taken; null: none did */
                pricesFetchedAt: string | null;
                pricedCells: number;
                /** @description Cells left out of the week, by reason (see the methodology) */
                excluded: {
                    unknown_lab: number;
                    no_price: number;
                    duplicate_cell: number;
                };
            }[];
            /** @description The session-cost cells behind the rows (the asked lab and family) of the weeks `cellsOf` names, week by week */
            cells: {
                /**
                 * Format: date
                 * @description The week (window end date)
                 * @example 2026-08-21
                 */
                date: string;
                /** @description Days of sessions the window covers */
                windowDays: number;
                /**
                 * Format: date-time
                 * @description When OpenRouter computed the window
                 * @example 2026-08-21T20:00:00.000Z
                 */
                asOf: string;
                /** @description The coding agent (OpenRouter's app slug) */
                harness: string;
                harnessName: string;
                /** @description OpenRouter model permaslug */
                model: string;
                /** @enum {string} */
                lab: "anthropic" | "openai" | "google" | "deepseek" | "minimax" | "xiaomi" | "qwen" | "moonshotai" | "z-ai" | "mistralai" | "meta-llama";
                family: string;
                /** @enum {string} */
                turnRange: "1-turn" | "2-9-turns" | "10-49-turns" | "50-plus-turns";
                /** @description Median cost of one session, USD */
                medianSessionCostUsd: number;
                /** @description The model's list price, 0.75 x input + 0.25 x output, USD per million tokens */
                blendedPricePerMtok: number;
                /** @description Implied thousands of tokens per session: cost / blended price */
                impliedKtok: number;
            }[];
            dataSources: components["schemas"]["AnswerDataSources"];
        };
        WorkloadMethodologyResponse: {
            /** @constant */
            success: true;
            version: string;
            /** @constant */
            unit: "US cents per coding-agent session (cCents); thousands of tokens per session (qKtok)";
            sources: {
                source: string;
                what: string;
                citation: string;
                licence: string;
            }[];
            turnRanges: ("1-turn" | "2-9-turns" | "10-49-turns" | "50-plus-turns")[];
            /** @description The method, one sentence per rule */
            rules: string[];
            /** @description Why a cell is left out */
            exclusions: {
                [key: string]: string;
            };
            /** @description Weeks published */
            weeks: number;
            latestWeek: string | null;
            dataSources: components["schemas"]["AnswerDataSources"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The database answers; `status` says whether every market's data set is complete (`healthy`), being loaded (`loading`) or left unfinished (`degraded`) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description Bad request: the request carries a body declared as JSON (`Content-Type: application/json`) that does not parse. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is unreachable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    getOtpi: {
        parameters: {
            query?: {
                /** @description One settlement day (UTC). Not combinable with a range. */
                date?: string;
                /** @description Inclusive start of a range; needs `endDate`. */
                startDate?: string;
                /** @description Inclusive end of a range; needs `startDate`. */
                endDate?: string;
                /** @description Model lab identifier (case-sensitive). */
                lab?: "anthropic" | "openai" | "google" | "deepseek" | "minimax" | "xiaomi" | "qwen" | "moonshotai" | "z-ai" | "mistralai" | "meta-llama";
                /** @description A release number (GET /api/v1/releases): the answer holds the values as that release published them, before any later restatement. Absent: the values published now. */
                release?: number;
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Index rows */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtpiResponse"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No data available for the parameters. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getOtpiConstituents: {
        parameters: {
            query: {
                /** @description UTC day, YYYY-MM-DD */
                date: string;
                /** @description Lab identifier */
                lab: "anthropic" | "openai" | "google" | "deepseek" | "minimax" | "xiaomi" | "qwen" | "moonshotai" | "z-ai" | "mistralai" | "meta-llama";
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lab-day's constituents */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @enum {string} */
                        access: "public-1mo" | "full";
                        date: string;
                        /** @enum {string} */
                        lab: "anthropic" | "openai" | "google" | "deepseek" | "minimax" | "xiaomi" | "qwen" | "moonshotai" | "z-ai" | "mistralai" | "meta-llama";
                        /** @description False when the lab-day was not published (see suppressionReason) */
                        published: boolean;
                        indexPerMtok: number | null;
                        computedAt: string | null;
                        methodologyVersion: string;
                        totalTokens: number | null;
                        suppressionReason: string | null;
                        suppressionDescription: string | null;
                        /** @description The day's traffic as the ranking source describes it (top models and `other`) */
                        coverage: {
                            source: string;
                            /** @description Tokens of the listed top models (all authors) */
                            listedTokens: number;
                            /** @description Tokens of the `other` row: every model outside the top list */
                            otherTokens: number;
                            /** @description Tokens of listed models of the tracked labs */
                            trackedTokens: number;
                            /** @description Listed tokens / (listed + other); null on a day without traffic */
                            listedShare: number | null;
                            /** @description Tracked labs' listed tokens / (listed + other); null on a day without traffic */
                            trackedShare: number | null;
                        } | null;
                        /** @description Where the numbers come from; with mixed sources, the source of the largest volume */
                        provenance: {
                            /** @description `openrouter`, `sample`, or an observation file's source */
                            source: string;
                            /** @description True for generated sample data: never market data */
                            sample: boolean;
                            /** @description The source's as-of time of the data, ISO 8601 UTC */
                            asOf: string | null;
                            /** @description The line to show with the numbers (OpenRouter's citation, or the sample notice) */
                            citation: string | null;
                            licence: {
                                name: string;
                                url: string;
                            } | null;
                        };
                        count: number;
                        data: {
                            modelId: string;
                            inputPricePerMtok: number | null;
                            outputPricePerMtok: number | null;
                            /** @description Input tokens the formula used (reported or estimated) */
                            inputTokens: number;
                            /** @description Output tokens the formula used (reported or estimated) */
                            outputTokens: number;
                            /** @description Tokens (a JSON number; exact up to 2^53) */
                            totalTokens: number;
                            /**
                             * @description Whether the input/output split came from the source or was estimated
                             * @enum {string}
                             */
                            split: "reported" | "estimated";
                            /** @description Input share used to estimate the split; null when reported */
                            inputShare: number | null;
                            /** @enum {string} */
                            priceBasis: "reported" | "snapshot" | "backfilled";
                            priceBasisDescription: string;
                            /** @description The stored price snapshot that priced the model-day */
                            priceSnapshotId: number | null;
                            source: string;
                            /** @description (input price x input tokens + output price x output tokens) / tokens */
                            blendedPricePerMtok: number | null;
                            /** @description Share of the lab's eligible tokens; 0 when excluded */
                            weight: number;
                            eligible: boolean;
                            exclusionReason: string | null;
                            exclusionDescription: string | null;
                        }[];
                    };
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The lab-day is not settled. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getOtpiMethodology: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The methodology */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        version: string;
                        unit: string;
                        formula: string;
                        eligibility: {
                            excludedModelPatterns: string[];
                            exclusionReasons: {
                                [key: string]: string;
                            };
                        };
                        sufficiency: {
                            minEligibleModels: number;
                            minEligibleTokens: number;
                            suppressionReasons: {
                                [key: string]: string;
                            };
                        };
                        settlement: {
                            lagHours: number;
                            calendar: string;
                        };
                        restatements: {
                            materialityThresholdPercent: number;
                            policy: string;
                        };
                        estimatedSplit: {
                            /** @description Share of a total-only volume counted as input tokens */
                            inputShare: number;
                            rule: string;
                            effectiveFrom: string;
                        };
                        pricing: {
                            snapshotWindowHours: number;
                            priceBases: {
                                [key: string]: string;
                            };
                        };
                        dataSources: {
                            /** @description True when any published data comes from the generated sample */
                            sample: boolean;
                            /** @description The sample notice when sample data is shown */
                            notice: string | null;
                            sources: {
                                source: string;
                                sample: boolean;
                                firstDay: string;
                                lastDay: string;
                                days: number;
                                latestAsOf: string | null;
                                citation: string | null;
                                licence: {
                                    name: string;
                                    url: string;
                                } | null;
                            }[];
                        };
                        history: {
                            version: string;
                            effectiveFrom: string;
                            summary: string;
                        }[];
                    };
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getOtpiRevisions: {
        parameters: {
            query?: {
                /** @description UTC day, YYYY-MM-DD */
                startDate?: string;
                /** @description UTC day, YYYY-MM-DD */
                endDate?: string;
                /** @description Lab identifier */
                lab?: "anthropic" | "openai" | "google" | "deepseek" | "minimax" | "xiaomi" | "qwen" | "moonshotai" | "z-ai" | "mistralai" | "meta-llama";
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revisions, oldest first */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        count: number;
                        data: {
                            id: number;
                            date: string;
                            lab: string;
                            oldIndexPerMtok: number | null;
                            newIndexPerMtok: number | null;
                            oldSuppressionReason: string | null;
                            newSuppressionReason: string | null;
                            /** @description Relative change in percent; null when the lab-day gained or lost its value */
                            changePercent: number | null;
                            reason: string;
                            /** @description True when the change was below the materiality threshold and an operator forced it */
                            forced: boolean;
                            methodologyVersion: string;
                            oldComputedAt: string | null;
                            /** @description The new computedAt of the value */
                            restatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getTokenVolume: {
        parameters: {
            query: {
                /** @description Inclusive first settlement day (UTC). */
                startDate: string;
                /** @description Inclusive last settlement day (UTC); not before `startDate`. */
                endDate: string;
                /** @description The labs served, which `share` and `totalGrowthIndex` are over: `all` for every tracked lab, or a comma-separated list of lab identifiers (case-sensitive). Default: the closed labs, anthropic,openai,google. */
                labs?: string;
                /** @description Model lab identifier (case-sensitive): only this lab's rows, shares still over every lab of `labs` (it must be one of them). */
                lab?: "anthropic" | "openai" | "google" | "deepseek" | "minimax" | "xiaomi" | "qwen" | "moonshotai" | "z-ai" | "mistralai" | "meta-llama";
                /** @description A release number (GET /api/v1/releases): the answer holds the values as that release published them, before any later restatement. Absent: the values published now. */
                release?: number;
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Token volume rows */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenVolumeResponse"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No data available for the parameters. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listTokenTypes: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lab catalog */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenTypes"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listFreeTokenTypes: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Free-tier labs */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenTypesFree"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listGpuTypes: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description GPU catalog */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GpuCatalog"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listFreeGpuTypes: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Free-tier GPUs */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GpuCatalog"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getGpuMethodology: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The GPU methodology */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GpuMethodologyResponse"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getGpuLatest: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names. */
                gpuName: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Latest print */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GpuLatestPrint"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No data available for the parameters. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getDailyIndexAll: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Latest daily values */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DailyIndexAll"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No data available for the parameters. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getDailyIndex: {
        parameters: {
            query: {
                /** @description The GPU, as `?gpuType=<name>` or its alias `?gpu=<name>`: one of them is required; both only when equal. */
                gpuSelection: {
                    /**
                     * @description Exact GPU name (required, unless `gpu` is given).
                     * @example H100 SXM
                     * @enum {string}
                     */
                    gpuType?: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
                    /**
                     * @description Alias of `gpuType` (some clients of the original send it); both may be given only when equal.
                     * @example H100 SXM
                     * @enum {string}
                     */
                    gpu?: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
                } | {
                    /** @constant */
                    gpuType?: "H100 SXM";
                    /** @constant */
                    gpu?: "H100 SXM";
                } | {
                    /** @constant */
                    gpuType?: "H200";
                    /** @constant */
                    gpu?: "H200";
                } | {
                    /** @constant */
                    gpuType?: "A100 SXM4";
                    /** @constant */
                    gpu?: "A100 SXM4";
                } | {
                    /** @constant */
                    gpuType?: "RTX 5090";
                    /** @constant */
                    gpu?: "RTX 5090";
                } | {
                    /** @constant */
                    gpuType?: "B200";
                    /** @constant */
                    gpu?: "B200";
                } | {
                    /** @constant */
                    gpuType?: "RTX PRO 6000 WS";
                    /** @constant */
                    gpu?: "RTX PRO 6000 WS";
                };
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Latest daily value */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GpuDailyIndex"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No data available for the parameters. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getPreviousDailyIndex: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names. */
                gpuName: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Previous daily value */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GpuPreviousDailyIndex"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No data available for the parameters. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getDayIndex: {
        parameters: {
            query: {
                /** @description The GPU, as `?gpuType=<name>` or its alias `?gpu=<name>`: one of them is required; both only when equal. */
                gpuSelection: {
                    /**
                     * @description Exact GPU name (required, unless `gpu` is given).
                     * @example H100 SXM
                     * @enum {string}
                     */
                    gpuType?: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
                    /**
                     * @description Alias of `gpuType` (some clients of the original send it); both may be given only when equal.
                     * @example H100 SXM
                     * @enum {string}
                     */
                    gpu?: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
                } | {
                    /** @constant */
                    gpuType?: "H100 SXM";
                    /** @constant */
                    gpu?: "H100 SXM";
                } | {
                    /** @constant */
                    gpuType?: "H200";
                    /** @constant */
                    gpu?: "H200";
                } | {
                    /** @constant */
                    gpuType?: "A100 SXM4";
                    /** @constant */
                    gpu?: "A100 SXM4";
                } | {
                    /** @constant */
                    gpuType?: "RTX 5090";
                    /** @constant */
                    gpu?: "RTX 5090";
                } | {
                    /** @constant */
                    gpuType?: "B200";
                    /** @constant */
                    gpu?: "B200";
                } | {
                    /** @constant */
                    gpuType?: "RTX PRO 6000 WS";
                    /** @constant */
                    gpu?: "RTX PRO 6000 WS";
                };
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Latest daily value */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    /** @description RFC 9745: deprecated since 2026-11-23 (`@1795392000`, Unix seconds). */
                    Deprecation?: string;
                    /** @description The successor: `</api/daily-index>; rel="successor-version"`. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GpuDailyIndex"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    /** @description RFC 9745: deprecated since 2026-11-23 (`@1795392000`, Unix seconds). */
                    Deprecation?: string;
                    /** @description The successor: `</api/daily-index>; rel="successor-version"`. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    /** @description RFC 9745: deprecated since 2026-11-23 (`@1795392000`, Unix seconds). */
                    Deprecation?: string;
                    /** @description The successor: `</api/daily-index>; rel="successor-version"`. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    /** @description RFC 9745: deprecated since 2026-11-23 (`@1795392000`, Unix seconds). */
                    Deprecation?: string;
                    /** @description The successor: `</api/daily-index>; rel="successor-version"`. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No data available for the parameters. */
            404: {
                headers: {
                    /** @description RFC 9745: deprecated since 2026-11-23 (`@1795392000`, Unix seconds). */
                    Deprecation?: string;
                    /** @description The successor: `</api/daily-index>; rel="successor-version"`. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    /** @description RFC 9745: deprecated since 2026-11-23 (`@1795392000`, Unix seconds). */
                    Deprecation?: string;
                    /** @description The successor: `</api/daily-index>; rel="successor-version"`. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description RFC 9745: deprecated since 2026-11-23 (`@1795392000`, Unix seconds). */
                    Deprecation?: string;
                    /** @description The successor: `</api/daily-index>; rel="successor-version"`. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getGpuNearestPrint: {
        parameters: {
            query: {
                /** @description The instant to look up: `YYYY-MM-DD HH:MM:SS` (UTC) or ISO 8601 (UTC unless an offset is given). */
                datetime: string;
                /** @description A release number (GET /api/v1/releases): the answer holds the values as that release published them, before any later restatement. Absent: the values published now. */
                release?: number;
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names. */
                gpuName: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Nearest print */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GpuNearestPrint"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The GPU has no print at all. Or: The `release` asked does not exist or is past retention (the message names the releases kept). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getGpuIndexHistory: {
        parameters: {
            query?: {
                /** @description Inclusive first day. Default: 3 months ago without a key, the start of the history with one. */
                startDate?: string;
                /** @description Inclusive last day. Default: today (UTC). */
                endDate?: string;
                /** @description A release number (GET /api/v1/releases): the answer holds the values as that release published them, before any later restatement. Absent: the values published now. */
                release?: number;
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names. */
                gpuName: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Daily series */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GpuIndexHistory"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No data available for the parameters. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getGpuConstituents: {
        parameters: {
            query: {
                /** @description The New York settlement day of the daily value, YYYY-MM-DD (it settled at 4 PM America/New_York that day). */
                date: string;
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names. */
                gpuName: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The daily value's constituents */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GpuConstituents"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The GPU-day is not settled. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getGpuHistorySimple: {
        parameters: {
            query?: {
                /** @description First instant included. Default: 30 days before the end. A date (`YYYY-MM-DD`) or an ISO 8601 datetime (UTC unless an offset is given). */
                startDate?: string;
                /** @description Last instant included. Default: the GPU's latest print. A date (`YYYY-MM-DD`) or an ISO 8601 datetime (UTC unless an offset is given); a bare date includes the whole day. */
                endDate?: string;
                /** @description `daily`, `hourly` or `auto` (default: hourly for ranges up to 30 days, daily beyond). Only Full keys are served hourly; Premium and Trial keys are served daily. */
                granularity?: "daily" | "hourly" | "auto";
                /** @description Rows at most, 1 to 10000. Default 100. */
                limit?: number;
                /** @description A release number (GET /api/v1/releases): the answer holds the values as that release published them, before any later restatement. Absent: the values published now. */
                release?: number;
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names. */
                gpuName: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Series, most recent first */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GpuHistorySimple"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No data available for the parameters. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getGpuHistoryRange: {
        parameters: {
            query?: {
                /** @description First instant included. Default: 30 days before the end. A date (`YYYY-MM-DD`) or an ISO 8601 datetime (UTC unless an offset is given). */
                startDate?: string;
                /** @description Last instant included. Default: the GPU's latest print. A date (`YYYY-MM-DD`) or an ISO 8601 datetime (UTC unless an offset is given); a bare date includes the whole day. */
                endDate?: string;
                /** @description Rows at most, 1 to 10000. Default 100. */
                limit?: number;
                /** @description A release number (GET /api/v1/releases): the answer holds the values as that release published them, before any later restatement. Absent: the values published now. */
                release?: number;
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names. */
                gpuName: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Rows with their grain, oldest first */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GpuHistoryRange"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No data available for the parameters. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getGpuHourly: {
        parameters: {
            query?: {
                /** @description First print hour included. Default: 23 hours before the end (24 prints). A date (`YYYY-MM-DD`) or an ISO 8601 datetime (UTC unless an offset is given). */
                startDate?: string;
                /** @description Last print hour included. Default: the GPU's latest print. A date (`YYYY-MM-DD`) or an ISO 8601 datetime (UTC unless an offset is given); a bare date includes the whole day. */
                endDate?: string;
                /** @description A release number (GET /api/v1/releases): the answer holds the values as that release published them, before any later restatement. Absent: the values published now. */
                release?: number;
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names. */
                gpuName: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Hourly prints, oldest first */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GpuHourlySeries"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Forbidden: Hourly GPU data needs a Full plan key; Premium and Trial keys read daily values. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No data available for the parameters. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getGpuRollingAverage: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names. */
                gpuName: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Rolling average */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GpuRollingAverage"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Forbidden: Hourly GPU data needs a Full plan key; Premium and Trial keys read daily values. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No data available for the parameters. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getGpuRollingAverageHistory: {
        parameters: {
            query: {
                /** @description First instant included. Required. A date (`YYYY-MM-DD`) or an ISO 8601 datetime. */
                startDate: string;
                /** @description Last instant included. Required. A date (`YYYY-MM-DD`) or an ISO 8601 datetime; a bare date includes the whole day. */
                endDate: string;
                /** @description `daily` (default: one row per daily settlement) or `hourly` (one row per print; Full keys only, Premium and Trial keys are served daily). `auto` picks hourly for short ranges as in history-simple. */
                granularity?: "daily" | "hourly" | "auto";
                /** @description A release number (GET /api/v1/releases): the answer holds the values as that release published them, before any later restatement. Absent: the values published now. */
                release?: number;
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names. */
                gpuName: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Rolling averages, oldest first */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GpuRollingAverageHistory"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No data available for the parameters. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getGpuVolatility: {
        parameters: {
            query: {
                /** @description Inclusive first day (required). */
                startDate: string;
                /** @description Inclusive last day (required). */
                endDate: string;
                /** @description Daily log returns per window: an integer from 1 to 365. Default 30. */
                windowDays?: number;
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names. */
                gpuName: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Rolling volatility, most recent first */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GpuVolatility"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No data available for the parameters. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getGpuVolumeMetrics: {
        parameters: {
            query: {
                /** @description Inclusive first day (required). */
                startDate: string;
                /** @description Inclusive last day (required). */
                endDate: string;
                /** @description One of daily, hourly, auto (default auto). Hourly needs a Full key; other keys are served daily. */
                granularity?: "daily" | "hourly" | "auto";
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names. */
                gpuName: "H100 SXM" | "H200" | "A100 SXM4" | "RTX 5090" | "B200" | "RTX PRO 6000 WS";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Traded volume per period, most recent first */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GpuVolumeMetrics"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No data available for the parameters. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listMemoryTypes: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The memory type catalogue */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryTypesResponse"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getMemoryIndex: {
        parameters: {
            query?: {
                /** @description Only this category's types (an array). */
                category?: "dram" | "flash" | "module";
                /** @description One type by frozen id or exact name (URL-encoded): `data` is then a single object. */
                type?: "mem_ddr3_4gb" | "mem_ddr4_8gb" | "mem_ddr4_8gb_ett" | "mem_ddr4_16gb" | "mem_ddr4_16gb_ett" | "mem_ddr5_16gb" | "mem_ddr5_16gb_ett" | "mem_mlc_32gb" | "mem_mlc_64gb" | "mem_slc_1gb" | "mem_slc_2gb" | "mem_ddr4_udimm_16gb" | "mem_ddr5_rdimm_32gb" | "mem_ddr5_udimm_16gb" | "DDR3 4Gb (512Mx8) 1600/1866" | "DDR4 8Gb (1Gx8) 3200" | "DDR4 8Gb (1Gx8) eTT" | "DDR4 16Gb (2Gx8) 3200" | "DDR4 16Gb (2Gx8) eTT" | "DDR5 16Gb (2Gx8) 4800/5600" | "DDR5 16Gb (2Gx8) eTT" | "MLC 32Gb (4Gx8)" | "MLC 64Gb (8Gx8)" | "SLC 1Gb (128Mx8)" | "SLC 2Gb (256Mx8)" | "DDR4 UDIMM 16GB 3200" | "DDR5 RDIMM 32GB 4800/5600" | "DDR5 UDIMM 16GB 4800/5600";
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Latest settled values */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryIndexResponse"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The `type` asked has no settled value yet, or is not in the `category` asked. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getMemoryHistory: {
        parameters: {
            query?: {
                /** @description Inclusive first trading day (New York date of the 4 PM settlement); no lower bound when absent. */
                startDate?: string;
                /** @description Inclusive last trading day: a date-only `endDate` includes that day's 4 PM New York settlement; not before `startDate`; no upper bound when absent. */
                endDate?: string;
                /** @description Most rows returned (the latest ones of the range, still oldest first): a whole number from 1 to 5000; default 1000. */
                limit?: number;
                /** @description A release number (GET /api/v1/releases): the answer holds the values as that release published them, before any later restatement. Absent: the values published now. */
                release?: number;
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description The memory type: its frozen id (`mem_ddr5_16gb`) or its exact name, URL-encoded (`DDR5%2016Gb%20(2Gx8)%204800%2F5600`). */
                memoryType: "mem_ddr3_4gb" | "mem_ddr4_8gb" | "mem_ddr4_8gb_ett" | "mem_ddr4_16gb" | "mem_ddr4_16gb_ett" | "mem_ddr5_16gb" | "mem_ddr5_16gb_ett" | "mem_mlc_32gb" | "mem_mlc_64gb" | "mem_slc_1gb" | "mem_slc_2gb" | "mem_ddr4_udimm_16gb" | "mem_ddr5_rdimm_32gb" | "mem_ddr5_udimm_16gb" | "DDR3 4Gb (512Mx8) 1600/1866" | "DDR4 8Gb (1Gx8) 3200" | "DDR4 8Gb (1Gx8) eTT" | "DDR4 16Gb (2Gx8) 3200" | "DDR4 16Gb (2Gx8) eTT" | "DDR5 16Gb (2Gx8) 4800/5600" | "DDR5 16Gb (2Gx8) eTT" | "MLC 32Gb (4Gx8)" | "MLC 64Gb (8Gx8)" | "SLC 1Gb (128Mx8)" | "SLC 2Gb (256Mx8)" | "DDR4 UDIMM 16GB 3200" | "DDR5 RDIMM 32GB 4800/5600" | "DDR5 UDIMM 16GB 4800/5600";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The type's settled values, oldest first */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryHistoryResponse"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such path: the `memoryType` segment is empty. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getMemoryRevisions: {
        parameters: {
            query?: {
                /** @description Only this type's revisions (frozen id or exact name). */
                type?: "mem_ddr3_4gb" | "mem_ddr4_8gb" | "mem_ddr4_8gb_ett" | "mem_ddr4_16gb" | "mem_ddr4_16gb_ett" | "mem_ddr5_16gb" | "mem_ddr5_16gb_ett" | "mem_mlc_32gb" | "mem_mlc_64gb" | "mem_slc_1gb" | "mem_slc_2gb" | "mem_ddr4_udimm_16gb" | "mem_ddr5_rdimm_32gb" | "mem_ddr5_udimm_16gb" | "DDR3 4Gb (512Mx8) 1600/1866" | "DDR4 8Gb (1Gx8) 3200" | "DDR4 8Gb (1Gx8) eTT" | "DDR4 16Gb (2Gx8) 3200" | "DDR4 16Gb (2Gx8) eTT" | "DDR5 16Gb (2Gx8) 4800/5600" | "DDR5 16Gb (2Gx8) eTT" | "MLC 32Gb (4Gx8)" | "MLC 64Gb (8Gx8)" | "SLC 1Gb (128Mx8)" | "SLC 2Gb (256Mx8)" | "DDR4 UDIMM 16GB 3200" | "DDR5 RDIMM 32GB 4800/5600" | "DDR5 UDIMM 16GB 4800/5600";
                /** @description Inclusive first trading day (New York date of the 4 PM settlement); no lower bound when absent. */
                startDate?: string;
                /** @description Inclusive last trading day: a date-only `endDate` includes that day's 4 PM New York settlement; not before `startDate`; no upper bound when absent. */
                endDate?: string;
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revisions, oldest day first */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryRevisionsResponse"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getMemoryMethodology: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Memory methodology */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryMethodologyResponse"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWorkload: {
        parameters: {
            query?: {
                /** @description Inclusive first week, by the window's end date (UTC). Without dates: the whole history. */
                startDate?: string;
                /** @description Inclusive last week, by the window's end date (UTC); not before `startDate`. */
                endDate?: string;
                /** @description Model lab identifier (case-sensitive): only this lab's rows. */
                lab?: "anthropic" | "openai" | "google" | "deepseek" | "minimax" | "xiaomi" | "qwen" | "moonshotai" | "z-ai" | "mistralai" | "meta-llama";
                /** @description Model family (`claude-sonnet`, `gpt-5`, `gemini-flash`), `all` (the lab's aggregate over every cell), or a class name of the reference service, which asks for every family in the class: anthropic: opus, sonnet, haiku, fable; openai: flagship, mini, nano, pro, codex, image; google: flash, pro, lite, image. A family never published (for the `lab` asked) is a 404 naming the families there are. */
                family?: string;
                /** @description Which session-cost cells `cells` carries: `latest` (the latest week of the answer; default latest), `all` (every week of the answer) or `none`. */
                cells?: "latest" | "all" | "none";
                /** @description A release number (GET /api/v1/releases): the answer holds the values as that release published them, before any later restatement. Absent: the values published now. */
                release?: number;
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Workload Cost rows and cells */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkloadResponse"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No published series has the `family` asked, and it is no reference class with a published family (for the `lab` asked); the message names the families there are. Or: The `release` asked does not exist or is past retention (the message names the releases kept). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWorkloadMethodology: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Workload Cost methodology */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkloadMethodologyResponse"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listLlmCodingProducts: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The LLM Coding catalogue */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LlmCodingProductsResponse"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getLlmCodingIndex: {
        parameters: {
            query: {
                /** @description Product identifier (case-sensitive), one with a single series (not `cc-vs-codex` or `cc-vs-codex-merge`). */
                product: "cc-prs" | "codex-prs" | "copilot-prs" | "cursor-prs" | "devin-prs" | "cc-commits" | "cc-merge" | "codex-merge" | "copilot-merge" | "cursor-merge" | "devin-merge" | "cc-vs-codex" | "cc-vs-codex-merge";
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product's latest value */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LlmCodingIndexResponse"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The product has no value yet. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getLlmCodingHistory: {
        parameters: {
            query: {
                /** @description Product identifier (case-sensitive); comparison products too. */
                product: "cc-prs" | "codex-prs" | "copilot-prs" | "cursor-prs" | "devin-prs" | "cc-commits" | "cc-merge" | "codex-merge" | "copilot-merge" | "cursor-merge" | "devin-merge" | "cc-vs-codex" | "cc-vs-codex-merge";
                /** @description Inclusive first UTC day; no lower bound when absent. */
                startDate?: string;
                /** @description Inclusive last UTC day; not before `startDate`; no upper bound when absent. */
                endDate?: string;
                /** @description Most rows returned (the latest ones of the range, still oldest first): a whole number from 1 to 5000; default 2000. */
                limit?: number;
                /** @description A release number (GET /api/v1/releases): the answer holds the values as that release published them, before any later restatement. Absent: the values published now. */
                release?: number;
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product's daily rows */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LlmCodingHistoryResponse"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The `release` asked does not exist or is past retention (the message names the releases kept). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getLlmCodingMethodology: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The LLM Coding methodology */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LlmCodingMethodologyResponse"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getLlmCodingRevisions: {
        parameters: {
            query: {
                /** @description Product identifier (case-sensitive): the revisions of every count it is computed from. */
                product: "cc-prs" | "codex-prs" | "copilot-prs" | "cursor-prs" | "devin-prs" | "cc-commits" | "cc-merge" | "codex-merge" | "copilot-merge" | "cursor-merge" | "devin-merge" | "cc-vs-codex" | "cc-vs-codex-merge";
                /** @description Inclusive first UTC day; no lower bound when absent. */
                startDate?: string;
                /** @description Inclusive last UTC day; not before `startDate`; no upper bound when absent. */
                endDate?: string;
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The recorded revisions */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LlmCodingRevisionsResponse"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getLlmCodingTokens: {
        parameters: {
            query?: {
                /** @description Coding agent (case-sensitive); all five when absent. */
                agent?: "claude" | "codex" | "copilot" | "cursor" | "devin";
                /** @description Inclusive first UTC day; no lower bound when absent. */
                startDate?: string;
                /** @description Inclusive last UTC day; not before `startDate`; no upper bound when absent. */
                endDate?: string;
                /** @description A release number (GET /api/v1/releases): the answer holds the values as that release published them, before any later restatement. Absent: the values published now. */
                release?: number;
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agents' app-rankings rows */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LlmCodingTokensResponse"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The `release` asked does not exist or is past retention (the message names the releases kept). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listNeocloudSites: {
        parameters: {
            query?: {
                /** @description City name, case-insensitive (`Abilene`); with `state` to tell apart cities of one name. */
                city?: string;
                /** @description US state code or name (`TX`, `Texas`), case-insensitive. */
                state?: string;
                /** @description Country as Epoch writes it (`United States of America`) or its ISO 3166 alpha-2/alpha-3 code (`US`, `USA`). */
                country?: string;
                /** @description Latitude in decimal degrees (-90 to 90) of the radius search's centre; needs `lon` and `radiusKm`. */
                lat?: string;
                /** @description Alias of `lat`. Latitude in decimal degrees (-90 to 90) of the radius search's centre; needs `lon` and `radiusKm`. */
                latitude?: string;
                /** @description Longitude in decimal degrees (-180 to 180) of the radius search's centre; needs `lat` and `radiusKm`. */
                lon?: string;
                /** @description Alias of `lon`. Longitude in decimal degrees (-180 to 180) of the radius search's centre; needs `lat` and `radiusKm`. */
                longitude?: string;
                /** @description Alias of `lon`. Longitude in decimal degrees (-180 to 180) of the radius search's centre; needs `lat` and `radiusKm`. */
                lng?: string;
                /** @description Radius in km (> 0) of the search around `lat`/`lon` (great-circle distance); needs both. */
                radiusKm?: string;
                /** @description Alias of `radiusKm`. Radius in km (> 0) of the search around `lat`/`lon` (great-circle distance); needs both. */
                radius?: string;
                /** @description `neocloud` (default): neo-cloud sites only (methodology: the curated operator list); `all`: every site. */
                scope?: "neocloud" | "all";
                /** @description Only sites of this status. */
                status?: "operational" | "under_construction" | "planned" | "decommissioned";
                /** @description Most sites returned: 1 to 1000; default 100. */
                limit?: number;
                /** @description Sites skipped before the first returned (paging); default 0. */
                offset?: number;
                /** @description A release number (GET /api/v1/releases): the answer holds the values as that release published them, before any later restatement. Absent: the values published now. */
                release?: number;
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sites, with paging and sources */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NeocloudSitesResponse"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Forbidden: Neocloud site data is not included in premium access. A full subscription unlocks it. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The `release` asked does not exist or is past retention (the message names the releases kept). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    aggregateNeocloudSites: {
        parameters: {
            query: {
                /** @description `country` or `gpu_type` (chip family). */
                by: "country" | "gpu_type";
                /** @description `neocloud` (default): neo-cloud sites only (methodology: the curated operator list); `all`: every site. */
                scope?: "neocloud" | "all";
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Buckets */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NeocloudAggregateResponse"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Forbidden: Neocloud site data is not included in premium access. A full subscription unlocks it. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getNeocloudMap: {
        parameters: {
            query?: {
                /** @description `neocloud` (default): neo-cloud sites only (methodology: the curated operator list); `all`: every site. */
                scope?: "neocloud" | "all";
            };
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A GeoJSON FeatureCollection */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NeocloudMapResponse"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Forbidden: Neocloud site data is not included in premium access. A full subscription unlocks it. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getNeocloudMethodology: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of answers you hold; 304 without a body when one is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Neo-Cloud Sites methodology */
            200: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NeocloudMethodologyResponse"];
                };
            };
            /** @description Not modified: the If-None-Match header names the current answer. */
            304: {
                headers: {
                    /** @description Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding. */
                    ETag?: string;
                    /** @description `public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A name for the key, 1 to 100 characters */
                    name: string;
                };
            };
        };
        responses: {
            /** @description The new key */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @description The secret, shown this once (only its hash is stored) */
                        key: string;
                        id: string;
                        name: string;
                        /** @description The first characters of the key, for lists */
                        displayPrefix: string;
                        /** @description ISO 8601 UTC */
                        createdAt: string;
                    };
                };
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Trial accounts cannot create API keys. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: false;
                        error: string;
                    };
                };
            };
            /** @description The account already holds the most keys it may hold. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account's subscriptions and its plan's limits */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            /** @description Bad request: the request carries a body declared as JSON (`Content-Type: application/json`) that does not parse. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description The receiver's https URL
                     */
                    url: string;
                    /** @description What it receives; omit for every event */
                    filter?: {
                        /** @description Event types (value.settled, print.published, value.revised, threshold.crossed, source.degraded, source.recovered); omit for every type */
                        types?: string[];
                        /** @description Market names; omit for every market */
                        markets?: string[];
                        /** @description Series keys; omit for every series */
                        series?: string[];
                        /** @description Rules for threshold.crossed events */
                        thresholds?: {
                            /** @description One of level, change */
                            kind: string;
                            /** @description A level rule's level, in the series' unit */
                            level?: number;
                            /** @description A change rule's percent, above 0 */
                            percent?: number;
                        }[];
                    };
                };
            };
        };
        responses: {
            /** @description The new subscription and its signing secret (shown this once) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookCreated"];
                };
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The account holds the most subscriptions its plan allows. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (a UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookAnswer"];
                };
            };
            /** @description Bad request: the request carries a body declared as JSON (`Content-Type: application/json`) that does not parse. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No subscription of the key's account has that id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    pauseWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (a UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription, changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookAnswer"];
                };
            };
            /** @description Bad request: the request carries a body declared as JSON (`Content-Type: application/json`) that does not parse. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No subscription of the key's account has that id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The subscription's status refuses the action (the message says why). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resumeWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (a UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription, changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookAnswer"];
                };
            };
            /** @description Bad request: the request carries a body declared as JSON (`Content-Type: application/json`) that does not parse. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No subscription of the key's account has that id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The subscription's status refuses the action (the message says why). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    enableWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (a UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription, changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookAnswer"];
                };
            };
            /** @description Bad request: the request carries a body declared as JSON (`Content-Type: application/json`) that does not parse. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No subscription of the key's account has that id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The subscription's status refuses the action (the message says why). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (a UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret (shown this once) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSecretRotated"];
                };
            };
            /** @description Bad request: the request carries a body declared as JSON (`Content-Type: application/json`) that does not parse. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No subscription of the key's account has that id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (a UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the endpoint answered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestAnswer"];
                };
            };
            /** @description Bad request: the request carries a body declared as JSON (`Content-Type: application/json`) that does not parse. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No subscription of the key's account has that id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (a UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeleted"];
                };
            };
            /** @description Bad request: the request carries a body declared as JSON (`Content-Type: application/json`) that does not parse. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No subscription of the key's account has that id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Entries per page (1 to 200; 50 by default) */
                limit?: string;
                /** @description The `nextBefore` of the previous page */
                before?: string;
            };
            header?: never;
            path: {
                /** @description The subscription's id (a UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery log, newest event first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryLog"];
                };
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No subscription of the key's account has that id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    redeliverWebhookEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (a UUID) */
                id: string;
                /** @description The event's id, from the delivery log */
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookRedelivered"];
                };
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such subscription, or no delivery of that event to it. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The event's delivery is still queued. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listReleases: {
        parameters: {
            query?: {
                /** @description Most releases listed, newest first: a whole number from 1 to 100; default 30. */
                limit?: number;
                /** @description List the releases numbered below this one (the next page). */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The releases kept, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseList"];
                };
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A release number, or `latest` for the newest release. */
                release: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The release's manifest */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseManifest"];
                };
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The release does not exist or is past retention (the message names the releases kept), or has no file of that name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getReleaseFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A release number, or `latest` for the newest release. */
                release: string;
                /** @description The file's name, as the manifest lists it. */
                fileName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file (CSV or Apache Parquet), with Content-Length, a strong ETag from its SHA-256 and Repr-Digest */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Not modified (If-None-Match matched) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's plan does not read this dataset. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The release does not exist or is past retention (the message names the releases kept), or has no file of that name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description This instance cannot rebuild the kept file byte for byte (its file writer changed since the cut); the message names the history route that serves the same values with `release`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    streamEvents: {
        parameters: {
            query?: {
                /** @description Event types, comma-separated, as the webhook filter's list (value.settled, print.published, value.revised, threshold.crossed, source.degraded, source.recovered); every type when absent. */
                types?: string;
                /** @description Markets, comma-separated, as the webhook filter's list; every market when absent. */
                markets?: string;
                /** @description Series keys, comma-separated, as the webhook filter's list (at most 50); a source event, which concerns its whole market, passes any series filter. */
                series?: string;
                /** @description Threshold rules, comma-separated, as the webhook filter's list: `level:<number>` (the value crossed it) or `change:<percent>` (it moved by more than that percent); at most 10. Evaluated on each value.settled and print.published event the stream sees; each crossing is a threshold.crossed event. */
                thresholds?: string;
                /** @description The id of the last event received, for a client that cannot send the Last-Event-ID header (the header wins when both are sent). */
                lastEventId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A stream of Server-Sent Events: `id:` (send it back as Last-Event-ID to resume after it), `event:` (the event type), `data:` (the event's payload, as a webhook delivers it); comment lines as heartbeats. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Bad request: a parameter is invalid, or the Last-Event-ID is not one this service still holds (events are kept 7 days). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 60 requests per minute per IP address, before optional key authentication. Or the key already holds as many live event streams as it may (5, REST and MCP together, across instances). */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    chat: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChatRequest"];
            };
        };
        responses: {
            /** @description Answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatResponse"];
                };
            };
            /** @description Bad request: a parameter or the body is missing, unknown, repeated or invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Forbidden: The assistant is not included in premium access. A full subscription unlocks it. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: 20 messages per minute per API key, after key authentication. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The configured chat model answered with an error. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The configured chat model did not answer in time or cannot be reached. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    openApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Bad request: the request carries a body declared as JSON (`Content-Type: application/json`) that does not parse. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    apiReference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Bad request: the request carries a body declared as JSON (`Content-Type: application/json`) that does not parse. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Payload too large: the request carries a body larger than 16 kB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
}
