import js from "@eslint/js";
import tseslint from "typescript-eslint";

/**
 * Shared flat config. `domainRules` keeps packages/domain free of I/O and frameworks:
 * the index math must stay pure so that it can be tested without a server.
 */
export const base = tseslint.config(
  { ignores: ["**/dist/**", "**/.next/**", "**/generated/**", "**/node_modules/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "ExportDefaultDeclaration",
          message: "Use named exports (framework files excepted).",
        },
      ],
    },
  },
);

export const domainRules = {
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: ["node:*", "fs", "path", "http", "net", "child_process"],
            message: "packages/domain is pure: no I/O.",
          },
          {
            group: ["express", "@prisma/*", "pg", "@trpc/*", "next", "next/*", "react"],
            message: "packages/domain has no framework imports.",
          },
        ],
      },
    ],
  },
};
