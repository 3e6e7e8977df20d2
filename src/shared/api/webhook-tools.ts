import Type, { type Static } from 'typebox';

/**
 * Webhook tools of the local sandbox that no live service has (docs/webhooks.md): checking that a receiver
 * answers as a safe one should (`POST /_sandbox/webhook/{id}/check`). One definition for the server, the client
 * and the app.
 */

/** The cases of a receiver check, in the order they are sent. */
export const RECEIVER_CHECK_CASES = [
  'valid',
  'wrong_signature',
  'stale_timestamp',
  'replay',
  'out_of_order',
  'large_body',
  'slow_read',
] as const;
export type ReceiverCheckCaseName = (typeof RECEIVER_CHECK_CASES)[number];

/** What a safe receiver answers: a success (2xx), a refusal (4xx), or the same class of answer as the first call. */
export const RECEIVER_CHECK_EXPECTATIONS = ['2xx', '4xx', 'same_as_first'] as const;

export const ReceiverCheckCaseSchema = Type.Object(
  {
    case: Type.Enum(RECEIVER_CHECK_CASES, { description: 'Which request was sent.' }),
    ok: Type.Boolean({ description: 'Whether the receiver answered as a safe receiver should.' }),
    expected: Type.Enum(RECEIVER_CHECK_EXPECTATIONS, { description: 'The answer a safe receiver gives.' }),
    status: Type.Integer({
      minimum: 0,
      description: 'The status of the answer (of the last call, for a case of two calls); 0 when none came.',
    }),
    duration_ms: Type.Integer({ minimum: 0, description: 'From sending to the end of the answer, in ms.' }),
    detail: Type.String({ description: 'What was sent and what came back, in English.' }),
  },
  { description: 'One case of a receiver check.' },
);
export type ReceiverCheckCase = Static<typeof ReceiverCheckCaseSchema>;

export const ReceiverCheckReportSchema = Type.Object(
  {
    webhook_id: Type.Integer(),
    url: Type.String({ description: 'Where the cases were sent: the webhook’s URL.' }),
    ok: Type.Boolean({ description: 'Every case ok.' }),
    cases: Type.Array(ReceiverCheckCaseSchema),
  },
  { description: 'How a webhook’s receiver answered signed test calls, case by case.' },
);
export type ReceiverCheckReport = Static<typeof ReceiverCheckReportSchema>;

/** The most calls the built-in receiver can be told to fail in a row. */
export const RECEIVER_FAIL_NEXT_MAX = 100;
/** The longest the built-in receiver can be told to wait before answering (past the 10 s timeout on purpose). */
export const RECEIVER_DELAY_MAX_MS = 60_000;

const behaviourFields = {
  fail_next: Type.Integer({
    minimum: 0,
    maximum: RECEIVER_FAIL_NEXT_MAX,
    description: 'Answer the next this many calls with 500, then succeed again.',
  }),
  delay_ms: Type.Integer({
    minimum: 0,
    maximum: RECEIVER_DELAY_MAX_MS,
    description: 'Wait this long before every answer.',
  }),
  timeout: Type.Boolean({
    description: 'Never answer: every call is held until the sender gives up (its delivery timeout).',
  }),
};

/**
 * How the built-in receiver answers (`/_sandbox/receiver/behaviour`): normally 200 at once; told to fail, to be
 * slow or to hang, it shows how deliveries retry and time out.
 */
export const ReceiverBehaviourSchema = Type.Object(behaviourFields, {
  description: 'How the built-in receiver answers the calls it gets.',
});
export type ReceiverBehaviour = Static<typeof ReceiverBehaviourSchema>;

export const ReceiverBehaviourInputSchema = Type.Object(
  {
    fail_next: Type.Optional(behaviourFields.fail_next),
    delay_ms: Type.Optional(behaviourFields.delay_ms),
    timeout: Type.Optional(behaviourFields.timeout),
  },
  { description: 'The new behaviour; a field left out is the normal one (0, 0, false).' },
);

export const NORMAL_RECEIVER_BEHAVIOUR: ReceiverBehaviour = { fail_next: 0, delay_ms: 0, timeout: false };
