import { base, domainRules } from "@tpi/eslint-config";

export default [...base, { files: ["src/**/*.ts"], ignores: ["src/**/*.test.ts"], ...domainRules }];
