export declare const ZONE_TAG: string;
export declare function testFilesOf(packageDir: string): string[];
export declare function zoneTaggedFiles(packageDir: string): string[];
export declare function zoneExports(): Set<string>;
export declare function valueImports(text: string): { names: string[]; from: string }[];
export declare function filesThatMustCarryTheZoneTag(
  packageDir: string,
): { file: string; reason: string }[];
