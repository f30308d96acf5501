/** The packages/client folder. */
export declare const packageDir: string;
/** The `catalog:` block of a pnpm-workspace.yaml: package name to pinned version. */
export declare function readCatalog(workspaceYaml: string): Map<string, string>;
/** The catalog of the repository's pnpm-workspace.yaml. */
export declare function workspaceCatalog(): Map<string, string>;
/** The manifest of the packed copy of a workspace manifest. */
export declare function packedManifest(
  manifest: Record<string, unknown>,
  catalog: Map<string, string>,
): Record<string, unknown>;
/** Builds and packs @tpi/client into `destination` (packages/client); the tarball's path. */
export declare function packClient(destination?: string): string;
