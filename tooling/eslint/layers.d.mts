export type LayerConfig = {
  root: string;
  layers: ReadonlyArray<{ name: string; folders: readonly string[] }>;
  forbidden?: ReadonlyArray<{
    from: string;
    to: string;
    message: string;
    sameSegmentAllowed?: number;
  }>;
};
export function layerProblems(root: string, config: LayerConfig): string[];
export function importsOf(root: string): Array<{ from: string; to: string; typeOnly: boolean }>;
export function folderCycles(
  edges: ReadonlyArray<{ from: string; to: string; typeOnly: boolean }>,
): Array<{ folders: string[]; imports: string[] }>;
