import { DEFAULT_WINSOR_LOWER, DEFAULT_WINSOR_UPPER, type WinsorBounds } from "@tpi/domain";
import { z } from "zod";

/** The GPU market's environment variables (listed with the others in the configuration docs). */
export const GPU_ENV = {
  /** Winsorizing bounds of the hourly GPU print, in percent (prices outside are clamped). */
  GPU_WINSOR_LOWER_PERCENTILE: z.coerce
    .number()
    .min(0)
    .max(50)
    .default(DEFAULT_WINSOR_LOWER * 100),
  GPU_WINSOR_UPPER_PERCENTILE: z.coerce
    .number()
    .min(50)
    .max(100)
    .default(DEFAULT_WINSOR_UPPER * 100),
  /** How often the api checks for due GPU prints (they are due on the hour). */
  GPU_PRINT_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
};

export type GpuEnv = z.output<z.ZodObject<typeof GPU_ENV>>;

/** The GPU market's variables of the validated environment (readEnv checked them with GPU_ENV). */
export function gpuEnvOf(env: Readonly<Record<string, unknown>>): GpuEnv {
  return env as GpuEnv;
}

/** What the GPU market runs with. */
export type GpuSettings = {
  winsor: WinsorBounds;
  /** How often the api looks for due prints and daily values (milliseconds). */
  printIntervalMs: number;
};

export function gpuSettingsFrom(env: GpuEnv): GpuSettings {
  return { winsor: winsorBoundsFrom(env), printIntervalMs: env.GPU_PRINT_INTERVAL_SECONDS * 1000 };
}

export function winsorBoundsFrom(env: GpuEnv): WinsorBounds {
  return {
    lower: env.GPU_WINSOR_LOWER_PERCENTILE / 100,
    upper: env.GPU_WINSOR_UPPER_PERCENTILE / 100,
  };
}
