/** Types of main/cli/run.mjs (plain JavaScript so it runs before anything is built). */
export declare const OUT_DIR: string;
export declare const COMMANDS: string[];
/** Whether dist/cli is missing or older than a source file. */
export declare function isStale(): boolean;
/** Bundles every command (and the engine worker) into dist/cli. */
export declare function build(): Promise<void>;
/** Packages bundled into the engine worker (its router's), so their loading can wait for the first load. */
export declare const WORKER_BUNDLES: string[];
/** esbuild's options for the engine worker's bundle, written to `outdir`. */
export declare function workerBuildOptions(outdir: string): import('esbuild').BuildOptions;
