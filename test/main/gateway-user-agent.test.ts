import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainGateway } from '../../src/main/gateway.ts';
import { memoryJsonFile } from '../../src/main/json-file.ts';
import { Profiles, type ProfilesDocument } from '../../src/main/profiles.ts';
import { DESKTOP_USER_AGENT } from '../../src/shared/api/log-view.ts';
import type { LogEvent } from '../../src/shared/api/types.ts';
import type { GatewayHandlers, Settings } from '../../src/shared/gateway/channels.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.ts';
import { fakeSecretStore, inertHost } from './fakes.ts';

describe("the desktop app's calls", () => {
  let sandbox: TestSandbox;
  let handlers: GatewayHandlers;
  const context = { emit: () => {} };

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    const { key } = sandbox.server.services.keys.create({ account: 'default', environment: 'test' });
    const secrets = fakeSecretStore(true);
    handlers = createMainGateway({
      profiles: new Profiles(memoryJsonFile<ProfilesDocument>(), secrets, () => ({
        baseUrl: sandbox.server.baseUrl,
        key,
      })),
      secrets,
      settings: memoryJsonFile<Settings>(),
      host: inertHost,
    });
  });
  afterAll(() => sandbox.close());

  it('carry its own user agent, so the API log can tell them from a developer’s code', async () => {
    await handlers['api.request']({ method: 'GET', path: '/company' }, context);
    const script = sandbox.caller('default');
    await script.get('/v1/send', { headers: { 'user-agent': 'my-script/1' } });

    const log = await script.get<LogEvent[]>('/v1/log', { query: { sort: 'id' } });
    const agents = log.body.map((e) => `${e.endpoint} ${e.user_agent}`);
    expect(agents).toContain(`/v1/company ${DESKTOP_USER_AGENT}`);
    expect(agents).toContain('/v1/send my-script/1');

    // The log view asked from the app hides the app's calls and keeps the script's.
    const own = await handlers['sandbox.control'](
      { method: 'GET', path: '/log', query: { own: 'hide' } },
      context,
    );
    const endpoints = (own.body as LogEvent[]).map((e) => e.endpoint);
    expect(endpoints).toContain('/v1/send');
    expect(endpoints).not.toContain('/v1/company');
  });
});
