import { base } from "@tpi/eslint-config";

export default [...base];
