import { base } from "@tpi/eslint-config";

export default [
  ...base,
  {
    files: ["app/**/{page,layout,not-found,error}.tsx", "next.config.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
];
