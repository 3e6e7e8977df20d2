import type { Clock } from '../clock.ts';
import type { RandomSource } from '../random.ts';
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
}): Services {
  const companies = new CompanyService(deps.store, deps.clock);
  return {
    keys: new ApiKeyService(deps.store, deps.clock, deps.random),
    companies,
    submissions: new SubmissionService({ ...deps, companies }),
    receives: new ReceiveService(deps.store),
    inbound: new InboundService({ ...deps, companies }),
  };
}
