export declare const SSR_MODULE: string;
export declare function buildSsrIfNeeded(options?: { force?: boolean }): void;
export declare function buildIfNeeded(options?: { force?: boolean }): void;
