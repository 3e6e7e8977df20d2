/**
 * The sandbox console's "force the next outcome": a `Sandbox-Scenario` header the host adds to the next submission
 * the app makes with the local sandbox, whichever screen makes it (Send, the composer). The host keeps it, not the
 * page, because the host is what every submission passes through (see isSubmission).
 */
import { GatewayError, isSubmission } from './api-fetch.ts';
import type { ApiRequest, ApiResponse, NextOutcomeState } from './channels.ts';

export const SCENARIO_HEADER = 'Sandbox-Scenario';

/**
 * `name=value` steps joined by `;`, as docs/sandbox.md writes them (`scarto=00404`, `deliver=NonConsegnato`,
 * `esito=EC02; timing=realistic`). The server checks the steps themselves; this keeps anything else (a header
 * injection, a page gone wrong) from ever being attached.
 */
const SCENARIO_TEXT = /^[a-z]+=[A-Za-z0-9]+(; ?[a-z]+=[A-Za-z0-9]+)*$/;
const SCENARIO_MAX = 200;

export function isScenarioText(value: unknown): value is string {
  return typeof value === 'string' && value.length <= SCENARIO_MAX && SCENARIO_TEXT.test(value);
}

export interface NextOutcomeSlot {
  state(): NextOutcomeState;
  /** Arms `scenario` for the next submission, or disarms it with null. */
  set(scenario: unknown): NextOutcomeState;
  /**
   * Sends `request` through `perform`, with the armed scenario if it is a submission that names none itself. The
   * scenario is used up by a submission the service stored (2xx); one it refused leaves it armed for the next.
   */
  around(request: ApiRequest, perform: (request: ApiRequest) => Promise<ApiResponse>): Promise<ApiResponse>;
}

export function nextOutcomeSlot(): NextOutcomeSlot {
  let armed: string | null = null;
  let applied: NextOutcomeState['applied'] = null;
  const state = (): NextOutcomeState => ({ scenario: armed, applied });
  return {
    state,
    set(scenario) {
      if (scenario !== null && !isScenarioText(scenario))
        throw new GatewayError(`Refused sandbox scenario: ${String(scenario)}`);
      armed = scenario;
      return state();
    },
    async around(request, perform) {
      const own = Object.keys(request.headers ?? {}).some((h) => h.toLowerCase() === 'sandbox-scenario');
      if (armed === null || own || !isSubmission(request)) return perform(request);
      // Taken before the call: two submissions at once must not both carry it.
      const scenario = armed;
      armed = null;
      let response: ApiResponse;
      try {
        response = await perform({
          ...request,
          headers: { ...request.headers, [SCENARIO_HEADER]: scenario },
        });
      } catch (error) {
        armed ??= scenario;
        throw error;
      }
      if (response.status >= 200 && response.status < 300 && !response.cancelled) {
        const body = response.body as { id?: unknown } | null;
        applied = { scenario, sendId: typeof body?.id === 'number' ? body.id : null };
      } else {
        armed ??= scenario;
      }
      return response;
    },
  };
}
