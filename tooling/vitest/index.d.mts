export declare function testFiles(patterns: string[]): string[];
export declare const baseTestConfig: {
  include: string[];
  environment: "node";
  testTimeout: number;
  hookTimeout: number;
  reporters: string[];
};
