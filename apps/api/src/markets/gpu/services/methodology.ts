import {
  GPU_INDEX_UNIT,
  GPU_METHODOLOGY_HISTORY,
  GPU_METHODOLOGY_VERSION,
  SETTLEMENT_TIME_ZONE,
  gpuMethodologySections,
  type WinsorBounds,
} from "@tpi/domain";
import type { GpuMethodologyResponse } from "../schemas/prices";
import type { DataSources } from "../../../platform/provenance/data-sources";

/**
 * The GPU methodology as published data, for `GET /api/gpu-methodology`, the website's
 * `gpu.methodology` and the MCP resource: the domain's sections with the winsorizing bounds in
 * force, the version history, and the sources of the stored trades.
 */
export function gpuMethodologyDocument(
  winsor: WinsorBounds,
  dataSources: DataSources,
): GpuMethodologyResponse {
  return {
    success: true,
    version: GPU_METHODOLOGY_VERSION,
    unit: GPU_INDEX_UNIT,
    winsor: { ...winsor },
    settlementTimeZone: SETTLEMENT_TIME_ZONE,
    sections: gpuMethodologySections(winsor),
    history: GPU_METHODOLOGY_HISTORY.map((entry) => ({ ...entry })),
    dataSources,
  };
}
