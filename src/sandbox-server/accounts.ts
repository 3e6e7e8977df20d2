/**
 * The account `keys create`, `seed` and the browser UI's session key use when none is named, so that what the
 * CLI makes shows in the UI without further steps.
 */
export const DEFAULT_ACCOUNT = 'default';
