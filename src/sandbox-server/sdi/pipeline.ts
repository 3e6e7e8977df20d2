import { createHash } from 'node:crypto';
import type { EsitoOutcome, Send, SendState } from '../../shared/api/types.ts';
import type { Clocks } from '../clock.ts';
import type { InboundService } from './inbound.ts';
import { readInvoiceFile, type InvoiceFile, type ReadInvoiceFile } from '../domain/invoice-file.ts';
import { parseResourceId } from '../domain/companies.ts';
import { newMessageId, newSdiIdentifier } from './identifiers.ts';
import { ServiceError } from '../domain/service-error.ts';
import type { JobQueue, ScopedJobContext } from '../jobs/queue.ts';
import type { RandomSource } from '../random.ts';
import type { Scope } from '../store/scope.ts';
import type { RecipientOf } from '../store/recipient-notifications.ts';
import type { Store } from '../store/store.ts';
import type { UpdateError } from '../../shared/api/types.ts';
import type { InvoiceInspectionTasks } from '../domain/invoice-inspection.ts';
import type { TaskRunner } from '../workers/pool.ts';
import { checkInvoice, unreadableEnvelopeOutcome, type CheckOutcome, type SdiError } from './checks.ts';
import { notificationFamilyForFormat, type Esito, type NotificationFamily } from './notifications/index.ts';
import { notificationFile, type InvoiceFacts, type MessageDetails } from './notify.ts';
import type { SdiLookupSource } from '../domain/invoice-validation.ts';
import { scartoEsitoFile } from './recipient-files.ts';
import { routeInvoice, type Route } from './routing.ts';
import {
  effectiveScenario,
  parseScenarioHeader,
  SANDBOX_ESITO_DESCRIPTIONS,
  type Scenario,
} from './scenario.ts';
import type { SdiSigningIdentity } from './signing-identity.ts';
import {
  checksDelayMs,
  deliveryDelayMs,
  lateDeliveryMs,
  mancataConsegnaDelayMs,
  type SdiTiming,
} from './timing.ts';
import { HELD_DESCRIPTION, scartoEsitoNote, UPDATE_DESCRIPTIONS } from './texts.ts';
import { canTransition, SDI_JOBS, TRANSITIONS } from './transitions.ts';

export interface SdiOptions {
  /** Sandbox time between a submission and SDI taking it (sandbox-scenarios.md: 1 s by default). */
  delayMs: number;
  /** contract.md "Identity checks": identifier check-digit failures are warnings, not discards. */
  lenientIds: boolean;
  /** `serve --sdi-timing`: fast (the default) or realistic (sdi/timing.ts). */
  timing?: SdiTiming;
}

/** Payload of the jobs about one sent invoice. */
interface SendJob {
  sendId: number;
  /** The submission's `Sandbox-Scenario` header, carried from step to step. */
  scenario?: Scenario;
  /** SDI's timing for this invoice, fixed when it is submitted; fast when absent. */
  timing?: SdiTiming;
}

interface EsitoJob {
  sendId: number;
  esito: Esito;
  description: string;
}

/** A new Update, as hooks (webhooks' `update.add`, the benchmark) hear about it. */
export interface SdiUpdateEvent {
  scope: Scope;
  updateId: number;
  sendId: number;
  companyId: number;
  state: SendState;
  at: Date;
}

/** Called inside the transaction that recorded the update. */
export type SdiUpdateHook = (event: SdiUpdateEvent) => void;

/**
 * The PA office that gave an outcome, to which SDI answers: the recipient's own Receive (a local office), or the
 * Send itself for an office outside the sandbox, which the sender plays. `at` is on the office's clock.
 */
interface AnsweringOffice {
  scope: Scope;
  about: RecipientOf;
  at: Date;
}

interface Transition {
  to: SendState;
  details?: MessageDetails & { updateDescription?: string };
  /** Set when SDI takes the file. */
  identifier?: string;
}

const DESCRIPTION_MAX = 2000;

/**
 * SDI's lane runs one step at a time per account environment (its steps keep their order), and up to four
 * accounts' at once: one account's backlog (a batch of a thousand invoices) never makes another's wait.
 */
export const SDI_CONCURRENCY = { total: 4, perScope: 1 } as const;

/**
 * The simulated SDI: one state machine per sent invoice (transitions in sdi/transitions.ts), each step a job
 * of the durable queue timed by the sender's clock (its sandbox clock for a test key). Every step is dated by the
 * moment its job fell due, so the outcome depends only on the input and that clock (sandbox-scenarios.md:
 * deterministic). What reaches a local recipient is dated on the recipient's clock (inbound.ts).
 */
export class SdiService {
  private readonly updateHooks: SdiUpdateHook[] = [];
  private timing: SdiTiming;

  constructor(
    private readonly deps: {
      store: Store;
      clocks: Clocks;
      random: RandomSource;
      queue: JobQueue;
      inbound: InboundService;
      /** Signs every notification, both families, with XAdES-BES like SdI. */
      identity: SdiSigningIdentity;
      /** The worker threads the checks run on. */
      workers: TaskRunner<InvoiceInspectionTasks>;
      /** The IPA offices and trusted CAs the checks look up (sdi/lookups.ts). */
      lookups: SdiLookupSource;
      options: SdiOptions;
    },
  ) {
    this.timing = deps.options.timing ?? 'fast';
  }

  /** The SDI's steps as jobs of the durable queue (wired in composition.ts). */
  registerJobs(queue: JobQueue): void {
    queue.registerScoped<SendJob>(SDI_JOBS.intake, { run: (p, job) => this.intake(p, job) });
    queue.registerScoped<SendJob, CheckOutcome | null>(SDI_JOBS.checks, {
      prepare: (p, job) => this.check(p, job),
      run: (p, job, outcome) => this.afterChecks(p, job, outcome),
    });
    queue.registerScoped<SendJob>(SDI_JOBS.delivery, { run: (p, job) => this.deliver(p, job) });
    queue.registerScoped<SendJob>(SDI_JOBS.redelivery, { run: (p, job) => this.redeliver(p, job) });
    queue.registerScoped<EsitoJob>(SDI_JOBS.esito, { run: (p, job) => this.recipientEsito(p, job) });
    queue.registerScoped<SendJob>(SDI_JOBS.decorrenza, {
      run: (p, job) => this.step(job, p.sendId, 'Consegnato', { to: 'DecorrenzaTermini' }),
    });
    queue.registerScoped<SendJob>(SDI_JOBS.attestazione, {
      run: (p, job) => this.step(job, p.sendId, 'NonConsegnato', { to: 'AttestazioneTrasmissioneFattura' }),
    });
  }

  onUpdate(hook: SdiUpdateHook): void {
    this.updateHooks.push(hook);
  }

  /** The timing of invoices submitted from now on, unless their `Sandbox-Scenario` says otherwise. */
  useTiming(timing: SdiTiming): void {
    this.timing = timing;
  }

  /**
   * A PA recipient outside the sandbox accepts or refuses a sent FPA12 invoice (`/_sandbox/send/{id}/esito`).
   * An outcome SDI cannot admit is answered with an SE, which the caller gets and the sender never sees.
   */
  esitoForSend(scope: Scope, sendId: number, esito: Esito, description: string | undefined): EsitoOutcome {
    const { store, clocks } = this.deps;
    return store.transaction(() => {
      const send = store.sends.get(scope, sendId, false);
      if (!send) throw new ServiceError('not-found', 'notFound.send', { id: sendId });
      const now = clocks.now(scope);
      return this.applyEsito(scope, send, esito, description, now, {
        scope,
        about: { sendId: send.id },
        at: now,
      });
    });
  }

  /** A local PA recipient answers an invoice it received; the sender's invoice follows. */
  esitoForReceive(
    scope: Scope,
    receiveId: number,
    esito: Esito,
    description: string | undefined,
  ): EsitoOutcome {
    const { store, clocks } = this.deps;
    return store.transaction(() => {
      const receive = store.receives.get(scope, receiveId, false);
      if (!receive) throw new ServiceError('not-found', 'notFound.receive', { id: receiveId });
      if (receive.format !== 'FPA12') {
        throw new ServiceError('conflict', 'sdi.esitoNotPa', {
          id: receive.id,
          format: receive.format ?? '-',
        });
      }
      const text =
        description ??
        UPDATE_DESCRIPTIONS[esito === 'EC01' ? 'AccettatoDalDestinatario' : 'RifiutatoDalDestinatario'];
      const sender = receive.identifier
        ? store.sends.findByIdentifier(scope.environment, receive.identifier)
        : null;
      if (!sender) {
        return { identifier: receive.identifier, esito, description: text, state: null, scarto: null };
      }
      // The sender's invoice follows on the sender's clock; SDI answers the office on the office's.
      const office = { scope, about: { receiveId: receive.id }, at: clocks.now(scope) };
      return this.applyEsito(sender.scope, sender.send, esito, description, clocks.now(sender.scope), office);
    });
  }

  /** Resolves a `/_sandbox/send/{x}` path segment: an id, or an SDI identifier. */
  findSend(scope: Scope, x: string): Send | null {
    const id = parseResourceId(x);
    return id === null
      ? this.deps.store.sends.getByIdentifier(scope, x, false)
      : this.deps.store.sends.get(scope, id, false);
  }

  // ------------------------------------------------------------------------------------------
  // The pipeline

  /**
   * Inside the submission's transaction: SDI will take the invoice after its delay. `scenarioHeader` is the
   * submission's `Sandbox-Scenario` (already checked by the HTTP layer); only test keys' invoices are steered.
   */
  submitted(scope: Scope, send: Send, scenarioHeader: string | null): void {
    const header =
      scope.environment === 'test' && scenarioHeader !== null
        ? parseScenarioHeader(scenarioHeader)
        : undefined;
    if (typeof header === 'string') throw new Error(`Sandbox-Scenario reached SDI unchecked: ${header}`);
    const delay = header?.delayMs ?? this.deps.options.delayMs;
    const dueAt = new Date(this.deps.clocks.now(scope).getTime() + delay);
    const timing = header?.timing ?? this.timing;
    this.deps.queue.enqueue(
      SDI_JOBS.intake,
      { sendId: send.id, scenario: header, ...(timing === 'fast' ? {} : { timing }) } satisfies SendJob,
      dueAt,
      scope,
    );
  }

  /** SDI takes the file: an identifier, the reception time, `Inviato`. */
  private intake(payload: SendJob, job: ScopedJobContext): void {
    const { scope } = job;
    const send = this.deps.store.sends.get(scope, payload.sendId, false);
    if (!send || send.latest_state !== null) return;
    let identifier: string;
    do identifier = newSdiIdentifier(this.deps.random);
    while (this.deps.store.sends.identifierTaken(identifier));
    this.transition(scope, send, job.dueAt, { to: 'Inviato', identifier }, payload);
  }

  /** The controls, outside the transaction: they only read, and a signature check has to be awaited. */
  private async check(payload: SendJob, job: ScopedJobContext): Promise<CheckOutcome | null> {
    const { store, options } = this.deps;
    const { scope } = job;
    const send = store.sends.get(scope, payload.sendId, false);
    const bytes = store.sends.fileBytes(scope, payload.sendId);
    if (!send || !bytes || send.latest_state !== 'Inviato') return null;
    // A `.p7m` whose envelope could not be opened when it was submitted: nothing to read, NS 00102.
    if (isUnreadable(send)) return unreadableEnvelopeOutcome();
    const taken = atSdi(send);
    return checkInvoice(this.deps.workers, bytes, {
      fileName: taken.file_name,
      receivedAt: new Date(taken.date_sent),
      lenientIds: options.lenientIds,
      isFileNameUsed: (name) => store.sends.fileNameUsedBefore(scope, name, send.id),
      isAccepted: (key) => store.sdiDocuments.accepted(scope.environment, key),
      forcedScarto: payload.scenario?.scarto,
      lookups: this.deps.lookups(scope, bytes),
    });
  }

  private afterChecks(payload: SendJob, job: ScopedJobContext, outcome: CheckOutcome | null): void {
    const { store, queue } = this.deps;
    const { scope } = job;
    const stored = store.sends.get(scope, payload.sendId, false);
    if (!stored || stored.latest_state !== 'Inviato' || outcome === null) return;
    const send = atSdi(stored);
    if (outcome.errors.length > 0) {
      this.transition(
        scope,
        send,
        job.dueAt,
        {
          to: 'Scartato',
          details: { errors: outcome.errors, updateDescription: discardDescription(outcome.errors) },
        },
        undefined,
        // The checks read the file on a worker thread; reading it again here would block the event loop.
        outcome.summary === null
          ? undefined
          : { bytes: this.storedFile(scope, send), summary: outcome.summary },
      );
      return;
    }
    store.sdiDocuments.insert(scope.environment, send.id, outcome.documents);
    const wait = payload.timing === 'realistic' ? deliveryDelayMs(send.identifier) : 0;
    queue.enqueue(SDI_JOBS.delivery, payload, new Date(job.dueAt.getTime() + wait), scope);
  }

  private deliver(payload: SendJob, job: ScopedJobContext): void {
    const { store, inbound, queue } = this.deps;
    const { scope } = job;
    const stored = store.sends.get(scope, payload.sendId, false);
    const bytes = store.sends.fileBytes(scope, payload.sendId);
    if (!stored || !bytes || stored.latest_state !== 'Inviato') return;
    const send = atSdi(stored);
    const file = readInvoiceFile(bytes, { maxBytes: Number.MAX_SAFE_INTEGER });
    const { summary } = file;
    const family = familyOf(send);
    const scenario = effectiveScenario(
      scope.environment,
      payload.scenario,
      summary.codiceDestinatario,
      send.format,
    );
    const route = routeInvoice({
      family,
      codiceDestinatario: summary.codiceDestinatario,
      pecDestinatario: summary.pecDestinatario,
      localRecipient: inbound.recipientFor(scope.environment, file),
      forced: scenario.deliver,
    });
    const at = job.dueAt;
    if (route.state === 'NonConsegnato' && payload.timing === 'realistic') {
      // SDI keeps trying a PA office for about 48 hours before it gives up with an MC; an attempt that
      // gets through in the meantime (a recipient that appeared) is an ordinary delivery.
      const mcAt = new Date(new Date(send.date_sent).getTime() + mancataConsegnaDelayMs(send.identifier));
      if (at < mcAt) {
        queue.enqueue(SDI_JOBS.delivery, payload, mcAt, scope);
        return;
      }
    }
    this.handOver(scope, send, file, route, scenario, at, payload);
    if (route.state === 'NonConsegnato') {
      const late =
        scenario.redeliverMs !== undefined
          ? scenario.redeliverMs
          : payload.timing === 'realistic'
            ? lateDeliveryMs(send.identifier)
            : null;
      if (late !== null) queue.enqueue(SDI_JOBS.redelivery, payload, new Date(at.getTime() + late), scope);
    }
  }

  /** SDI's further attempts reach the PA office after the MC: a late RC, unless the AT came first. */
  private redeliver(payload: SendJob, job: ScopedJobContext): void {
    const { store, inbound } = this.deps;
    const { scope } = job;
    const stored = store.sends.get(scope, payload.sendId, false);
    const bytes = store.sends.fileBytes(scope, payload.sendId);
    if (!stored || !bytes || stored.latest_state !== 'NonConsegnato') return;
    const send = atSdi(stored);
    const file = readInvoiceFile(bytes, { maxBytes: Number.MAX_SAFE_INTEGER });
    const { summary } = file;
    const scenario = effectiveScenario(
      scope.environment,
      payload.scenario,
      summary.codiceDestinatario,
      send.format,
    );
    const route = routeInvoice({
      family: familyOf(send),
      codiceDestinatario: summary.codiceDestinatario,
      pecDestinatario: summary.pecDestinatario,
      localRecipient: inbound.recipientFor(scope.environment, file),
    });
    this.handOver(scope, send, file, route, scenario, job.dueAt, payload);
  }

  /** The outcome of a delivery attempt: the recipient gets the file (or not), the sender the RC or MC. */
  private handOver(
    scope: Scope,
    send: SendAtSdi,
    file: InvoiceFile,
    route: Route,
    scenario: Scenario,
    at: Date,
    payload: SendJob,
  ): void {
    const { inbound, queue } = this.deps;
    if (route.via === 'local') {
      inbound.deliverFromSdi(
        scope,
        route.recipient,
        file,
        send.encoding,
        send.file_name,
        send.identifier,
        at,
      );
    } else if (route.via === 'held') {
      inbound.hold(scope, file, send.encoding, send.file_name, send.identifier, at);
    }
    // An MC carries its Descrizione like SDI's (official samples); the Update repeats it word for word.
    const description = deliveryDescription(route);
    this.transition(
      scope,
      send,
      at,
      { to: route.state, details: { updateDescription: description, description } },
      payload,
      file,
    );
    if (route.state === 'Consegnato' && familyOf(send) === 'pa' && scenario.esito !== undefined) {
      const esito: EsitoJob = {
        sendId: send.id,
        esito: scenario.esito,
        description: SANDBOX_ESITO_DESCRIPTIONS[scenario.esito],
      };
      queue.enqueue(SDI_JOBS.esito, esito, at, scope);
    }
  }

  /** The sandbox plays the PA recipient (magic office codes, `esito=` in the header). */
  private recipientEsito(payload: EsitoJob, job: ScopedJobContext): void {
    const { scope } = job;
    const send = this.deps.store.sends.get(scope, payload.sendId, false);
    if (!send || send.latest_state !== 'Consegnato' || familyOf(send) !== 'pa') return;
    const office = { scope, about: { sendId: send.id }, at: job.dueAt };
    this.applyEsito(scope, send, payload.esito, payload.description, job.dueAt, office);
  }

  /** A timed step (decorrenza termini, attestazione): happens only if the invoice is still where it was. */
  private step(job: ScopedJobContext, sendId: number, expected: SendState, transition: Transition): void {
    const { scope } = job;
    const send = this.deps.store.sends.get(scope, sendId, false);
    if (!send || send.latest_state !== expected) return;
    this.transition(scope, send, job.dueAt, transition);
  }

  /**
   * SDI's answer to a PA office's outcome (EC) about `send`: while the invoice is Consegnato, forwarded to the
   * sender as an NE (the sender's invoice moves on, dated `at` on the sender's clock); otherwise refused with an
   * SE EN01 to the office (sdi-rules.md §c: after the DT, a second outcome, an invoice never delivered), and the
   * invoice stays where it is. Like SDI's synchronous answer to an EC (RicezioneTypes `rispostaSdINotificaEsito`:
   * ES00 with the ScartoEsito file), the SE is part of the answer, not an error.
   */
  private applyEsito(
    scope: Scope,
    send: Send,
    esito: Esito,
    description: string | undefined,
    at: Date,
    office: AnsweringOffice,
  ): EsitoOutcome {
    if (familyOf(send) !== 'pa') {
      throw new ServiceError('conflict', 'sdi.esitoNotPa', { id: send.id, format: send.format ?? '-' });
    }
    const to = esito === 'EC01' ? 'AccettatoDalDestinatario' : 'RifiutatoDalDestinatario';
    const text = description ?? UPDATE_DESCRIPTIONS[to];
    if (send.identifier === null) {
      // Not taken by SDI yet: there is no IdentificativoSdI an outcome could name, nor an office that had it.
      throw new ServiceError('conflict', 'sdi.esitoNotAtSdi', { id: send.id });
    }
    if (send.latest_state !== 'Consegnato') {
      const scarto = this.refuseEsito(atSdi(send), office);
      return { identifier: send.identifier, esito, description: text, state: send.latest_state, scarto };
    }
    this.transition(scope, send, at, { to, details: { esito, description: text, updateDescription: text } });
    return { identifier: send.identifier, esito, description: text, state: to, scarto: null };
  }

  /**
   * The SE EN01 SDI sends the office for an outcome it cannot admit, named after the invoice file as SDI
   * delivered it, and kept with the office's invoice.
   */
  private refuseEsito(send: SendAtSdi, office: AnsweringOffice): NonNullable<EsitoOutcome['scarto']> {
    const { store, random, identity } = this.deps;
    const note = scartoEsitoNote(send.latest_state);
    const messageId = newMessageId(random);
    const file = scartoEsitoFile(
      { identifier: send.identifier, fileName: send.file_name },
      { code: 'EN01', note },
      {
        messageId,
        progressive: store.recipientNotifications.count(office.about) + 1,
        signer: identity.signerAt(office.at),
      },
    );
    store.recipientNotifications.insert(office.scope, {
      about: office.about,
      type: 'SE',
      fileName: file.fileName,
      messageId,
      xml: file.xml,
      at: office.at.toISOString(),
    });
    return { code: 'EN01', note, file_name: file.fileName, message_id: messageId, xml: file.xml };
  }

  // ------------------------------------------------------------------------------------------
  // The one place a state changes

  /**
   * Moves a sent invoice to its next state: checks the transition is allowed, issues SDI's notification file
   * (sealed), records the Update, updates `latest_state`/`last_update`, and queues what SDI does next.
   */
  private transition(
    scope: Scope,
    send: Send,
    at: Date,
    transition: Transition,
    carried: SendJob = { sendId: send.id },
    file?: Pick<ReadInvoiceFile, 'bytes' | 'summary'>,
  ): void {
    const { store, queue, random } = this.deps;
    const { to } = transition;
    const family = familyOf(send);
    if (!canTransition(family, send.latest_state, to)) {
      throw new Error(`send ${send.id}: ${send.latest_state ?? 'new'} → ${to} is not an SDI transition`);
    }
    const spec = TRANSITIONS[to];
    const identifier = transition.identifier ?? send.identifier;
    if (identifier === null) throw new Error(`send ${send.id}: → ${to} before SDI gave it an identifier`);
    const details = transition.details ?? {};
    let notification: { fileName: string; xml: string } | null = null;
    let messageId: string | null = null;
    if (spec.message !== null) {
      messageId = newMessageId(random);
      const facts = this.facts(scope, send, identifier, file);
      notification = notificationFile(spec.message, family, facts, details, {
        messageId,
        progressive: store.updates.notificationCount(send.id) + 1,
        at,
        signer: this.deps.identity.signerAt(at),
      });
    }
    const errors: UpdateError[] | null = details.errors
      ? details.errors.map((e) => ({ code: e.code, description: e.description, hint: e.hint || null }))
      : null;
    const updateId = store.updates.insert(scope, {
      companyId: send.company_id,
      sendId: send.id,
      state: to,
      description: (details.updateDescription ?? UPDATE_DESCRIPTIONS[to]).slice(0, DESCRIPTION_MAX),
      messageId,
      errors,
      notification,
      at: at.toISOString(),
    });
    store.sends.recordSdi(scope, send.id, {
      latestState: to,
      lastUpdate: at.toISOString(),
      ...(transition.identifier ? { identifier, dateSent: at.toISOString() } : {}),
    });
    const next = spec.next?.[family];
    if (next) {
      // Realistic timing: SDI's controls take minutes after the receipt, not no time at all.
      const afterMs =
        to === 'Inviato' && carried.timing === 'realistic' ? checksDelayMs(identifier) : next.afterMs;
      queue.enqueue(next.job, carried, new Date(at.getTime() + afterMs), scope);
    }
    const event = { scope, updateId, sendId: send.id, companyId: send.company_id, state: to, at };
    for (const hook of this.updateHooks) hook(event);
  }

  /** The file of a sent invoice SDI is working on: it is stored for as long as the invoice is. */
  private storedFile(scope: Scope, send: Send): Uint8Array {
    const bytes = this.deps.store.sends.fileBytes(scope, send.id);
    if (!bytes) throw new Error(`send ${send.id}: its file is missing`);
    return bytes;
  }

  private facts(
    scope: Scope,
    send: Send,
    identifier: string,
    file?: Pick<ReadInvoiceFile, 'bytes' | 'summary'>,
  ): InvoiceFacts {
    const named = atSdi({ ...send, identifier });
    const bytes = file?.bytes ?? this.storedFile(scope, send);
    const summary =
      file?.summary ??
      (isUnreadable(send) ? null : readInvoiceFile(bytes, { maxBytes: Number.MAX_SAFE_INTEGER }).summary);
    return {
      identifier,
      fileName: named.file_name,
      hash: createHash('sha256').update(bytes).digest('hex'),
      receivedAt: new Date(named.date_sent),
      summary,
    };
  }
}

/** A submission SDI could not open (SubmissionService stores it without a format): see `UnreadableSubmission`. */
/** A sent invoice once SDI took it: stored with a file name and a date sent, given an identifier at intake. */
type SendAtSdi = Send & { file_name: string; date_sent: string; identifier: string };

function atSdi(send: Send): SendAtSdi {
  const { file_name, date_sent, identifier } = send;
  if (file_name === null || date_sent === null || identifier === null) {
    throw new Error(`send ${send.id} is at an SDI step without its file name, date sent or identifier`);
  }
  return { ...send, file_name, date_sent, identifier };
}

function isUnreadable(send: Send): boolean {
  return send.format === null;
}

function familyOf(send: Send): NotificationFamily {
  return notificationFamilyForFormat(send.format ?? 'FPR12');
}

/** openapi.yml: for Scartato, "description contains the reason for the rejection". */
function discardDescription(errors: readonly SdiError[]): string {
  return errors.map((e) => `${e.code} ${e.description}`).join('; ');
}

function deliveryDescription(route: Route): string {
  return route.via === 'held' ? HELD_DESCRIPTION : UPDATE_DESCRIPTIONS[route.state];
}
