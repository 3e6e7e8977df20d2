import { Alert, Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import SwaggerUI from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';
import { REFERENCE_CSS, REFERENCE_OPTIONS } from '../../shared/api/reference-view.ts';
import type { ProfileView } from '../../shared/gateway/channels.ts';
import { ApiProblem, clientOf, messageOf } from '../data/api.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { useReady } from '../shell/ready.ts';

type Loaded = { document: object } | { error: string; remote: boolean } | null;

/**
 * `#/reference`: the sandbox's own API, as its server describes itself (`GET /v1/openapi.json`), shown by Swagger UI
 * bundled into the app: the same library and options as the sandbox's `/docs/` page, no CDN. Reading only: calls are
 * tried from `/docs/` in a browser, or from the app's own screens.
 */
export default function ApiReferenceScreen({ profile }: { profile: ProfileView | null }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const reference = useQuery({
    queryKey: ['openapi'],
    queryFn: async () => {
      const response = await clientOf(gateway).request({ method: 'GET', path: '/openapi.json' });
      if (response.status !== 200 || response.encoding !== 'json') throw new ApiProblem(response);
      return response.body as object;
    },
    staleTime: Infinity,
  });
  const failed = reference.error;
  const loaded: Loaded = reference.data
    ? { document: reference.data }
    : failed
      ? {
          error: messageOf(failed),
          remote:
            profile?.kind === 'remote' && failed instanceof ApiProblem && failed.response.status === 404,
        }
      : null;
  useReady(loaded !== null);

  const api = profile?.baseUrl.replace(/\/+$/, '') ?? '/v1';
  const docs = profile?.kind === 'local' && /^https?:\/\//.test(api) ? `${new URL(api).origin}/docs/` : null;
  return (
    <Stack>
      <Title order={2}>{t('apiReference.title')}</Title>
      <Text>{t('apiReference.intro', { url: `${api}/openapi.json` })}</Text>
      {docs && (
        <Text size="sm">
          {t('apiReference.browser')}{' '}
          <Anchor href={docs} target="_blank" rel="noreferrer" data-testid="api-reference-docs-link">
            {docs}
          </Anchor>
        </Text>
      )}
      {loaded === null && <Loader role="status" aria-label={t('apiReference.loading')} />}
      {loaded && 'error' in loaded && (
        <Alert color={loaded.remote ? 'yellow' : 'red'} data-testid="api-reference-unavailable">
          {loaded.remote ? t('apiReference.remote') : t('apiReference.failed', { message: loaded.error })}
        </Alert>
      )}
      {loaded && 'document' in loaded && (
        <>
          <Text size="sm" c="dimmed">
            {t('apiReference.language')}
          </Text>
          <SwaggerView document={loaded.document} />
        </>
      )}
    </Stack>
  );
}

/** Without "Try it out" there is nothing to authorize and no server to pick. */
const APP_ONLY_CSS = '.swagger-ui .scheme-container { display: none; }';

/** Swagger UI renders into a node of its own, which React leaves alone and empties when the screen goes. */
function SwaggerView({ document }: { document: object }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = host.current;
    if (!node) return;
    const target = window.document.createElement('div');
    node.replaceChildren(target);
    SwaggerUI({
      ...REFERENCE_OPTIONS,
      domNode: target,
      spec: document,
      // Reading only: "Try it out" would call the API from this page, past the app's gateway and its key handling.
      supportedSubmitMethods: [],
      deepLinking: false,
    });
    return () => node.replaceChildren();
  }, [document]);
  return (
    // The reference is drawn light whatever the app's theme, and it is in English.
    <Paper withBorder p="xs" bg="white" c="dark.9" lang="en">
      <style>{REFERENCE_CSS + APP_ONLY_CSS}</style>
      <div ref={host} data-testid="api-reference" />
    </Paper>
  );
}
