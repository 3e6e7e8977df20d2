import type { OwnCalls, StatusClass } from '../../shared/api/log-view.ts';
import { OWN_USER_AGENT_HEADER } from '../../shared/api/log-view.ts';
import type { LogEvent } from '../../shared/api/types.ts';
import { readPage } from '../../shared/client/paging.ts';
import type { ApiRequest, ApiResponse, Gateway } from '../../shared/gateway/channels.ts';
import { clientOf, type Page } from '../data/api.ts';

/** The log screen's filters; the last three only the local sandbox's log view has (`/_sandbox/log`). */
export interface LogFilters {
  success?: boolean;
  method?: string;
  endpoint?: string;
  companyId?: number;
  statusClass?: StatusClass;
  own: OwnCalls;
}

export interface LogPage extends Page<LogEvent> {
  /** The user agent the service counted as the app's own (null where it cannot tell: a remote service). */
  ownUserAgent: string | null;
}

function logQuery(filters: LogFilters, local: boolean): ApiRequest['query'] {
  return {
    success: filters.success,
    method: filters.method,
    endpoint: filters.endpoint,
    company_id: filters.companyId,
    ...(local ? { status_class: filters.statusClass, own: filters.own } : {}),
  };
}

/** A page of the log as the client reads any list, with the app's own user agent the service counted. */
function pageOf(response: ApiResponse, page: number, pageSize: number): LogPage {
  const { items, total } = readPage<LogEvent>(response, page, pageSize);
  const own = response.headers[OWN_USER_AGENT_HEADER.toLowerCase()];
  return { items, total, ownUserAgent: own === undefined ? null : decodeURIComponent(own) };
}

/**
 * One page of the log, newest first: the local sandbox's view of it (status class, own calls) where there is
 * one, the spec's `/log` on a remote service.
 */
export async function listLog(
  gateway: Gateway,
  local: boolean,
  filters: LogFilters,
  page: number,
  pageSize: number,
): Promise<LogPage> {
  const request: ApiRequest = {
    method: 'GET',
    path: '/log',
    query: { ...logQuery(filters, local), page, page_size: pageSize, sort: '-id' },
  };
  const client = clientOf(gateway);
  return pageOf(await (local ? client.sandbox.raw(request) : client.request(request)), page, pageSize);
}

/**
 * The entries after `afterId` that match the filters, newest first, once there are some or `waitSeconds` have
 * passed (local sandbox only). Without `afterId`: the newest entry at once, where a tail starts.
 */
export async function tailLog(
  gateway: Gateway,
  filters: LogFilters,
  afterId: number | null,
  waitSeconds: number,
): Promise<LogEvent[]> {
  const response = await clientOf(gateway).sandbox.raw({
    method: 'GET',
    path: '/log/tail',
    query: {
      ...logQuery(filters, true),
      ...(afterId === null ? {} : { after_id: afterId, wait: waitSeconds }),
    },
  });
  return pageOf(response, 1, 0).items;
}
