import type { AppDeps } from "./deps";

/** A document MCP clients can read besides the tools (a market's methodology, say). */
export type McpResource = {
  name: string;
  /** `tpi://…` */
  uri: string;
  title: string;
  description: string;
  mimeType: "application/json" | "text/markdown";
  /** The document as served now (it may state the published data's sources). */
  read(deps: AppDeps): string;
};
