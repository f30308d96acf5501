import { base, utcRules } from "@tpi/eslint-config";

/**
 * The api's lint. Its layers (which folder may import which) are checked beside ESLint, over the
 * whole tree, by `node ../../tooling/eslint/layers.mjs layers.config.mjs` (the `lint` script):
 * layers.config.mjs lists every folder's layer, the folder-cycle check and the rules that keep
 * markets apart. ESLint keeps the per-file rules.
 */
const TESTS = ["src/**/*.test.ts", "src/testing/**"];

export default [
  ...base,
  utcRules,
  {
    // One place reads the environment, validates it and gives it types: platform/runtime/env.ts.
    // Tests and testing/ may pass the environment on to the child processes they start.
    files: ["src/**/*.ts"],
    ignores: ["src/platform/runtime/env.ts", ...TESTS],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message:
            "Read configuration through platform/runtime/env.ts (readEnv) and pass settings in.",
        },
      ],
    },
  },
];
