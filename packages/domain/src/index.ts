/**
 * The domain's public surface. `shared/` holds what every index uses; each index has a folder
 * with the same file names (catalog, query, free-window, settlement-calendar, index-math,
 * methodology, record), so that a new index drops into the same frame.
 */
export * from "./shared/access";
export * from "./shared/accounts";
export * from "./shared/api-key-format";
export * from "./shared/bulk";
export * from "./shared/bulk-encoding";
export * from "./shared/releases";
export * from "./shared/bulk-fields";
export * from "./shared/calendar";
export * from "./shared/data-provenance";
export * from "./shared/dated-query";
export * from "./shared/errors";
export * from "./shared/methodology-version";
export * from "./shared/open-range";
export * from "./shared/freshness";
export * from "./shared/query-parameters";
export * from "./shared/rate-limits";
export * from "./shared/result";
export * from "./shared/sample-noise";

export * from "./account/rules";
export * from "./account/visitor-address";
export * from "./account/plans";
export * from "./account/oauth";

export * from "./token/catalog";
export * from "./token/query";
export * from "./shared/free-window";
export * from "./shared/import-guard";
export * from "./token/free-window";
export * from "./token/settlement-calendar";
export * from "./token/index-math";
export * from "./token/methodology";
export * from "./token/record";
export * from "./token/restatement";
export * from "./token/provenance";
export * from "./token/rankings";
export * from "./token/volume";

export * from "./gpu/catalog";
export * from "./gpu/query";
export * from "./gpu/free-window";
export * from "./gpu/settlement-calendar";
export * from "./gpu/index-math";
export * from "./gpu/methodology";
export * from "./gpu/record";
export * from "./gpu/grain";
export * from "./gpu/series";
export * from "./gpu/analytics";
export * from "./gpu/quotes";
export * from "./gpu/quote-math";
export * from "./gpu/quote-sources";
export * from "./gpu/normalisation";
export * from "./gpu/constituents";

export * from "./llm-coding/catalog";
export * from "./llm-coding/queries";
export * from "./llm-coding/maturation";
export * from "./llm-coding/values";
export * from "./llm-coding/methodology";
export * from "./llm-coding/query";
export * from "./llm-coding/app-rankings";
export * from "./llm-coding/sample";
export * from "./llm-coding/events";

export * from "./workload/cells";
export * from "./workload/models";
export * from "./workload/index-math";
export * from "./workload/methodology";
export * from "./workload/query";
export * from "./workload/publication";
export * from "./workload/sample";
export * from "./workload/events";

export * from "./memory/catalog";
export * from "./memory/trading-calendar";
export * from "./memory/settlement";
export * from "./memory/import-file";
export * from "./memory/query";
export * from "./memory/sample";
export * from "./memory/methodology";
export * from "./memory/events";
export * from "./neocloud/sources";
export * from "./neocloud/catalog";
export * from "./neocloud/geo";
export * from "./neocloud/site";
export * from "./neocloud/query";
export * from "./neocloud/sample";
export * from "./neocloud/methodology";
export * from "./neocloud/access";

export * from "./events/catalogue";
export * from "./events/event";
export * from "./events/thresholds";
export * from "./events/filter";
export * from "./events/webhooks";
export * from "./events/series-values";
