import { base, domainRules, utcRules } from "@tpi/eslint-config";

export default [
  ...base,
  utcRules,
  { files: ["src/**/*.ts"], ignores: ["src/**/*.test.ts"], ...domainRules },
];
