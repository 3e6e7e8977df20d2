/**
 * What the local sandbox's API log view (`GET /_sandbox/log`) adds to `/log`'s filters: the class of the status,
 * whether to show the caller's own calls, and a tail that waits for newer entries.
 */

export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/**
 * The caller's own calls are the log entries whose user agent is the one of the request asking: the app's page
 * (its browser's user agent) or the desktop app (DESKTOP_USER_AGENT), so a developer's code stays visible.
 */
export const OWN_CALLS = ['show', 'hide', 'only'] as const;
export type OwnCalls = (typeof OWN_CALLS)[number];

/** The answer's header naming the user agent that counted as "own": the UI marks those rows. */
export const OWN_USER_AGENT_HEADER = 'Scambio-Own-User-Agent';

/** The user agent of every API call the desktop app makes (its main process): what makes them its own. */
export const DESKTOP_USER_AGENT = 'Scambio-Desktop/1';

/** The longest a tail request waits for a new entry before answering with none. */
export const LOG_TAIL_MAX_WAIT_SECONDS = 25;
