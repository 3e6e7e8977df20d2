import type { ServerResponse } from 'node:http';
import {
  NORMAL_RECEIVER_BEHAVIOUR,
  ReceiverBehaviourInputSchema,
  type ReceiverBehaviour,
} from '../../shared/api/webhook-tools.ts';
import { expectObject, fieldProblems } from '../domain/body-check.ts';
import { invalid } from '../domain/service-error.ts';

/** A behaviour from a request body; every field left out is the normal one. */
export function parseReceiverBehaviour(body: unknown): ReceiverBehaviour {
  const record = expectObject(body ?? {});
  const problems = fieldProblems(ReceiverBehaviourInputSchema, record);
  if (problems.length > 0) throw invalid(problems);
  return {
    fail_next: (record.fail_next as number | undefined) ?? NORMAL_RECEIVER_BEHAVIOUR.fail_next,
    delay_ms: (record.delay_ms as number | undefined) ?? NORMAL_RECEIVER_BEHAVIOUR.delay_ms,
    timeout: (record.timeout as boolean | undefined) ?? NORMAL_RECEIVER_BEHAVIOUR.timeout,
  };
}

export type Answer = (res: ServerResponse, status: number, body: unknown) => void;

/**
 * Answers a call the way the receiver was told to (`behaviour`, changed in place: a failure told in advance is
 * used up). Held calls end when the sender gives up or the receiver closes its connections, never on their own.
 */
export function answerAsTold(
  behaviour: ReceiverBehaviour,
  res: ServerResponse,
  answer: Answer,
  success: { status: number; body: unknown },
): void {
  if (behaviour.timeout) return;
  const failing = behaviour.fail_next > 0;
  if (failing) behaviour.fail_next--;
  const send = () => {
    if (res.writableEnded || res.destroyed) return;
    if (failing) answer(res, 500, { error: 'Failing on purpose: the receiver was told to fail this call' });
    else answer(res, success.status, success.body);
  };
  if (behaviour.delay_ms === 0) return send();
  const timer = setTimeout(send, behaviour.delay_ms);
  res.on('close', () => clearTimeout(timer));
}
