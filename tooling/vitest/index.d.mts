export declare const baseTestConfig: {
  include: string[];
  environment: "node";
  testTimeout: number;
  hookTimeout: number;
  reporters: string[];
};
