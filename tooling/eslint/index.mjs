import js from "@eslint/js";
import tseslint from "typescript-eslint";

/**
 * Shared flat config. `domainRules` keeps packages/domain free of I/O and frameworks:
 * the index math must stay pure so that it can be tested without a server. `utcRules` keeps the
 * process's time zone out of every computed value and every rendered date (domain, db, api, web).
 */
const NAMED_EXPORTS = {
  selector: "ExportDefaultDeclaration",
  message: "Use named exports (framework files excepted).",
};

export const base = tseslint.config(
  { ignores: ["**/dist/**", "**/.next/**", "**/generated/**", "**/node_modules/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    // Type-aware rules read each file's own tsconfig (the package's, found from the file).
    languageOptions: { parserOptions: { projectService: true } },
  },
  {
    rules: {
      // A promise nobody awaits fails silently, and one handed where a callback's result is
      // ignored (an event listener, a timer) is never awaited: both must say what happens.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-restricted-syntax": ["error", NAMED_EXPORTS],
    },
  },
  {
    // Vitest's asymmetric matchers (expect.stringContaining, expect.any, ...) are typed `any`, and
    // an expected object holds them in its fields.
    files: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "@typescript-eslint/no-unsafe-assignment": "off" },
  },
  {
    // A test's fakes stand in for async interfaces and often answer at once.
    files: ["**/*.test.ts", "**/*.test.tsx", "**/testing/**"],
    rules: { "@typescript-eslint/require-await": "off" },
  },
  {
    // Configs and plain scripts are not in a tsconfig: they keep the syntax-only rules.
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    ...tseslint.configs.disableTypeChecked,
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

const LOCAL_TIME_MESSAGE =
  "Local time follows the process's TZ: use the UTC form (getUTC*, Date.UTC, toISOString), or Intl with an explicit timeZone (see packages/domain/src/gpu/settlement-calendar.ts).";

/**
 * Days, hours and stamps are UTC, and the GPU settlement reads America/New_York through Intl
 * with that zone named: nothing may read the process's own zone, which differs between servers.
 * Repeats base's named-exports entry, because a later `no-restricted-syntax` replaces an earlier
 * one. CI also runs the domain and api tests under other zones (.ci/run); this catches the code
 * that no test reaches. Number formatting (`toLocaleString` on numbers) is not a date and stays.
 */
/** A date and time of day without a zone designator (`Z` or an offset): read as local time. */
const ZONELESS_DATE_TIME = String.raw`/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/`;
/** The time-of-day tail of a template such as `${day}T16:00:00`, without a zone designator. */
const ZONELESS_TIME_TAIL = String.raw`/^[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/`;
const PARSES_DATE =
  "NewExpression[callee.name='Date'], CallExpression[callee.object.name='Date'][callee.property.name='parse']";

/** The selectors of what reads the process's own zone (`no-restricted-syntax` entries). */
export const LOCAL_TIME_SELECTORS = [
  {
    selector:
      "CallExpression[callee.property.name=/^(get|set)(FullYear|Year|Month|Date|Day|Hours|Minutes|Seconds|Milliseconds)$/]",
    message: LOCAL_TIME_MESSAGE,
  },
  {
    selector:
      "CallExpression[callee.property.name=/^(getTimezoneOffset|toDateString|toTimeString|toLocaleDateString|toLocaleTimeString)$/]",
    message: LOCAL_TIME_MESSAGE,
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length>1]",
    message: LOCAL_TIME_MESSAGE,
  },
  {
    selector:
      "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']:not(:has(Property[key.name='timeZone']))",
    message: LOCAL_TIME_MESSAGE,
  },
  {
    selector: `:matches(${PARSES_DATE}) > Literal.arguments[value=${ZONELESS_DATE_TIME}]`,
    message: `A date and time without Z or an offset is read in local time. ${LOCAL_TIME_MESSAGE}`,
  },
  {
    selector: `:matches(${PARSES_DATE}) > TemplateLiteral.arguments[quasis.length=2][quasis.1.value.cooked=${ZONELESS_TIME_TAIL}]`,
    message: `A date and time without Z or an offset is read in local time. ${LOCAL_TIME_MESSAGE}`,
  },
];

export const utcRules = {
  rules: {
    "no-restricted-syntax": ["error", NAMED_EXPORTS, ...LOCAL_TIME_SELECTORS],
  },
};
