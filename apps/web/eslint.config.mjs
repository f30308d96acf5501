import { base, LOCAL_TIME_SELECTORS, utcRules } from "@tpi/eslint-config";

export default [
  ...base,
  utcRules,
  {
    rules: {
      // The website knows the api only through its router's types: a value import would bundle
      // api code (Express, Prisma) into the website.
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@tpi/api", "@tpi/api/*"],
              allowTypeImports: true,
              message:
                'Import the api\'s types only: `import type { AppRouter } from "@tpi/api/trpc"`.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      "app/**/{page,layout,not-found,error}.tsx",
      "app/{robots,sitemap}.ts",
      "next.config.ts",
    ],
    // Framework files export their page by default; the local-time rules still hold there.
    rules: { "no-restricted-syntax": ["error", ...LOCAL_TIME_SELECTORS] },
  },
];
