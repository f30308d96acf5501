import {
  GPU_INDEX_UNIT,
  GPU_METHODOLOGY_HISTORY,
  GPU_METHODOLOGY_VERSION,
  QUOTE_EXCLUSIONS,
  SETTLEMENT_TIME_ZONE,
  gpuMethodologySections,
  type GpuMethodRules,
} from "@tpi/domain";
import type { GpuMethodologyResponse } from "../schemas/prices";
import type { DataSources } from "../../../platform/provenance/data-sources";

/**
 * The GPU methodology as published data, for `GET /api/gpu-methodology`, the website's
 * `gpu.methodology` and the MCP resource: the domain's sections with the winsorizing bounds and quote rules in
 * force, the version history, and the sources of the stored trades.
 */
export function gpuMethodologyDocument(
  rules: GpuMethodRules,
  dataSources: DataSources,
): GpuMethodologyResponse {
  return {
    success: true,
    version: GPU_METHODOLOGY_VERSION,
    unit: GPU_INDEX_UNIT,
    winsor: { ...rules.winsor },
    quoteRules: {
      minProviders: rules.quotes.minProviders,
      maxSnapshotAgeHours: { ...rules.quotes.maxSnapshotAgeHours },
      exclusionReasons: { ...QUOTE_EXCLUSIONS },
    },
    settlementTimeZone: SETTLEMENT_TIME_ZONE,
    sections: gpuMethodologySections(rules),
    history: GPU_METHODOLOGY_HISTORY.map((entry) => ({ ...entry })),
    dataSources,
  };
}
