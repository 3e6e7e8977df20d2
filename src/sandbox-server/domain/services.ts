import type { Clock } from '../clock.ts';
import type { RandomSource } from '../random.ts';
import { SandboxSigner } from '../signing/index.ts';
import type { Store } from '../store/store.ts';
import { ApiKeyService } from './api-keys.ts';
import { CompanyService } from './companies.ts';
import { InboundService } from './inbound.ts';
import type { InvoiceFileLimits } from './invoice-file.ts';
import { ReceiveService } from './receives.ts';
import { SubmissionService } from './submission.ts';

export interface Services {
  keys: ApiKeyService;
  companies: CompanyService;
  submissions: SubmissionService;
  receives: ReceiveService;
  inbound: InboundService;
}

export function createServices(deps: {
  store: Store;
  clock: Clock;
  random: RandomSource;
  limits: InvoiceFileLimits;
  /** The data folder, where the sandbox CA lives. */
  dataDir: string;
  /** Identifier check-digit failures as warnings (`serve --lenient-ids`). */
  lenientIds?: boolean;
}): Services {
  const companies = new CompanyService(deps.store, deps.clock);
  let signer: SandboxSigner | null = null;
  return {
    keys: new ApiKeyService(deps.store, deps.clock, deps.random),
    companies,
    submissions: new SubmissionService({
      ...deps,
      companies,
      lenientIds: deps.lenientIds ?? false,
      signer: () => (signer ??= SandboxSigner.open(deps.dataDir, deps.store.box, { now: deps.clock.now() })),
    }),
    receives: new ReceiveService(deps.store),
    inbound: new InboundService({ ...deps, companies }),
  };
}
