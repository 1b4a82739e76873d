/** The types of run-settings.mjs, for the TypeScript that imports it (the api's tests). */
export declare const RUN_SECRETS: string[];
export declare function runSecrets(given?: Record<string, string | undefined>): Record<string, string>;
export declare function sandboxAddresses(
  sandboxUrl: string,
  given?: Record<string, string | undefined>,
): Record<string, string>;
