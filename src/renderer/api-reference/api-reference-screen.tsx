import { Alert, Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SwaggerUI from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';
import { REFERENCE_CSS, REFERENCE_OPTIONS } from '../../shared/api/reference-view.ts';
import type { ProfileView } from '../../shared/gateway/channels.ts';
import { ApiError, getJson, messageOf } from '../api.ts';
import { useGateway } from '../gateway-context.ts';
import { useReady } from '../ready.ts';

type Loaded = { document: object } | { error: string; remote: boolean } | null;

/**
 * `#/reference`: the sandbox's own API, as its server describes itself (`GET /v1/openapi.json`), shown by Swagger UI
 * bundled into the app: the same library and options as the sandbox's `/docs/` page, no CDN. Reading only: calls are
 * tried from `/docs/` in a browser, or from the app's own screens.
 */
export default function ApiReferenceScreen({ profile }: { profile: ProfileView | null }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [loaded, setLoaded] = useState<Loaded>(null);
  useReady(loaded !== null);

  useEffect(() => {
    let current = true;
    getJson<object>(gateway, '/openapi.json').then(
      (document) => current && setLoaded({ document }),
      (error: unknown) =>
        current &&
        setLoaded({
          error: messageOf(error),
          remote: profile?.kind === 'remote' && error instanceof ApiError && error.response.status === 404,
        }),
    );
    return () => {
      current = false;
    };
  }, [gateway, profile?.kind]);

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
