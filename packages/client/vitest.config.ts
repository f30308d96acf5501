import { baseTestConfig } from "@tpi/vitest-config";
import { defineConfig } from "vitest/config";

export default defineConfig({ test: baseTestConfig });
