import { base, utcRules } from "@tpi/eslint-config";

export default [...base, utcRules];
