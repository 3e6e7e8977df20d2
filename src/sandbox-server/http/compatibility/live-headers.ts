import type { RequestHandler } from 'express';
import { LIVE_TOTAL_COUNT_HEADER, TOTAL_COUNT_HEADER } from '../../../shared/api/types.ts';

const SPEC_NAME = TOTAL_COUNT_HEADER.toLowerCase();

/**
 * `--compat live`: every answer that carries `Service-Total-Count` carries the same total as
 * `Invoicetronic-Total-Count` too. Done where the header is set, so every list (whole, pre-serialized or
 * streamed) gets it without each route knowing.
 */
export function liveHeaderNames(): RequestHandler {
  return (_req, res, next) => {
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name, value) => {
      setHeader(name, value);
      if (name.toLowerCase() === SPEC_NAME) setHeader(LIVE_TOTAL_COUNT_HEADER, value);
      return res;
    };
    next();
  };
}
