export declare function testFiles(patterns: string[]): string[];
export declare const TEST_TAGS: { name: string; description: string }[];
export declare const baseTestConfig: {
  include: string[];
  tags: { name: string; description: string }[];
  setupFiles: string[];
  environment: "node";
  testTimeout: number;
  hookTimeout: number;
  reporters: string[];
};
