// Types of start.mjs for the test that imports it (apps/server/src/start-script.test.ts).
export declare const STAMP: string;
export declare function newestSource(root?: string): number;
export declare function buildState(root?: string): {
  upToDate: boolean;
  reason: string;
};
export declare function beginBuild(root?: string): void;
export declare function endBuild(root?: string): void;
