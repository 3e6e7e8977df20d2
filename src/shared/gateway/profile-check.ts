import type { AccountStatus, ProblemDetails } from '../api/types.ts';
import type { ApiResponse, ProfileCheck } from './channels.ts';

/** What `GET /status` said of a profile's key: what is left on `200`, else the service's own reason. */
export function checkStatus(response: ApiResponse): ProfileCheck {
  if (response.status === 200 && response.encoding === 'json') {
    const status = response.body as AccountStatus;
    return { ok: true, operationsLeft: status.operation_left, signaturesLeft: status.signature_left };
  }
  const problem = response.encoding === 'json' ? (response.body as Partial<ProblemDetails> | null) : null;
  return {
    ok: false,
    status: response.status,
    detail: problem?.detail ?? problem?.title ?? `HTTP ${response.status}`,
  };
}
