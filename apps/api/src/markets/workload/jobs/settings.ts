import {
  openRouterDatasetSettingsFrom,
  type OpenRouterDatasetSettings,
} from "../../../platform/ingest/openrouter-config";

/**
 * The Workload Cost market's settings. It declares no variable of its own: it reads OpenRouter's
 * key, base URL, pacing, budget and sync hour (`OPENROUTER_*`, declared once with the token
 * market's variables) from the validated environment, so one key serves every OpenRouter dataset.
 * Without a key: no session-cost sync; the sample while no week is stored.
 */
export const WORKLOAD_ENV = {};

export type WorkloadSettings = OpenRouterDatasetSettings;

export function workloadSettingsFrom(env: Readonly<Record<string, unknown>>): WorkloadSettings {
  return openRouterDatasetSettingsFrom(env);
}
