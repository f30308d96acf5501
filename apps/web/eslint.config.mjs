import { base } from "@tpi/eslint-config";

export default [
  ...base,
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
    rules: { "no-restricted-syntax": "off" },
  },
];
