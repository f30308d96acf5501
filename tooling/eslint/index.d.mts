import type { Linter } from "eslint";
export declare const base: Linter.Config[];
export declare const domainRules: Linter.Config;
export declare const utcRules: Linter.Config;
export declare const LOCAL_TIME_SELECTORS: { selector: string; message: string }[];
