/** Types of main/cli/run.mjs (plain JavaScript so it runs before anything is built). */
export declare const OUT_DIR: string;
export declare const COMMANDS: string[];
/** Whether dist/cli is missing or older than a source file. */
export declare function isStale(): boolean;
/** Bundles every command (and the engine worker) into dist/cli. */
export declare function build(): Promise<void>;
