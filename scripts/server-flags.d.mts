export declare const SERVER_NODE_FLAGS: string[];
export declare function serverNodeFlags(env?: Record<string, string | undefined>): string[];
export declare const SERVER_MALLOC_ENV: Record<string, string>;
