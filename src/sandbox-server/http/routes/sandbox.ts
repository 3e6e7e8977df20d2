import { Router } from 'express';
import { generateSdiFileName } from '../../../shared/fatturapa/index.ts';
import { readInvoiceFile } from '../../domain/invoice-file.ts';
import { invalid } from '../../domain/service-error.ts';
import type { Services } from '../../domain/services.ts';
import { fileNameProblems } from '../../domain/submission.ts';
import type { RandomSource } from '../../random.ts';
import { scopeOf } from '../context.ts';
import { decodeSendBody } from '../send-body.ts';

/** Sandbox control calls (`/_sandbox/…`, test keys only); see docs/sandbox-scenarios in shared/. */
export function sandboxRoutes(services: Services, random: RandomSource, maxInvoiceBytes: number): Router {
  const router = Router();

  // An outside supplier sends an invoice through SDI: routed to the local recipient, or held for it.
  router.post('/inbound', (req, res) => {
    const body = decodeSendBody(req.body);
    const file = readInvoiceFile(body.bytes, { maxBytes: maxInvoiceBytes });
    let fileName = body.fileName;
    if (fileName !== null) {
      const problems = fileNameProblems(fileName, file.signed);
      if (problems.length > 0) throw invalid(problems, 'invoice.invalid');
    } else {
      const t = file.summary.transmitter;
      fileName = generateSdiFileName(t?.country ?? 'IT', t?.code ?? '00000000000', file.signed, random);
    }
    const outcome = services.inbound.receive(scopeOf(res).environment, body.bytes, body.encoding, fileName);
    res.status('delivered' in outcome ? 201 : 202).json(outcome);
  });

  return router;
}
