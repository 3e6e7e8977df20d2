import { describe, expect, it } from 'vitest';
import { APP_PAGE_URL } from '../../src/main/app-protocol.ts';
import { isRendererUrl, rendererSource } from '../../src/main/renderer-source.ts';

describe('the renderer the window loads', () => {
  const dev = { ELECTRON_RENDERER_URL: 'http://localhost:5173/' };

  it('is the built app over app:// by default', () => {
    expect(rendererSource({}, false)).toEqual({ kind: 'app', url: 'app://scambio/index.html' });
    expect(rendererSource({ ELECTRON_RENDERER_URL: '' }, false)).toEqual({ kind: 'app', url: APP_PAGE_URL });
  });

  it('is electron-vite’s dev server only in an unpackaged run', () => {
    expect(rendererSource(dev, false)).toEqual({
      kind: 'dev-server',
      url: 'http://localhost:5173/',
      origin: 'http://localhost:5173',
    });
    const logged: string[] = [];
    expect(rendererSource(dev, true, (m) => void logged.push(m))).toEqual({ kind: 'app', url: APP_PAGE_URL });
    expect(logged).toEqual(['ELECTRON_RENDERER_URL is ignored by the packaged app']);
  });

  it('ignores a dev server URL that is not http(s), and says so', () => {
    for (const url of ['file:///tmp/evil.html', 'javascript:alert(1)', 'localhost:5173']) {
      const logged: string[] = [];
      expect(rendererSource({ ELECTRON_RENDERER_URL: url }, false, (m) => void logged.push(m))).toEqual({
        kind: 'app',
        url: APP_PAGE_URL,
      });
      expect(logged).toHaveLength(1);
    }
  });

  it('counts as the app’s page exactly app://scambio/index.html, with any route', () => {
    const app = rendererSource({}, false);
    expect(isRendererUrl(app, 'app://scambio/index.html')).toBe(true);
    expect(isRendererUrl(app, 'app://scambio/index.html#/sent?state=Scartato')).toBe(true);
    for (const url of [
      'app://scambio/',
      'app://scambio/assets/index.js',
      'app://other/index.html',
      'file:///opt/scambio/out/renderer/index.html',
      'http://localhost:5173/',
      'https://evil.example/index.html',
      '',
    ]) {
      expect(isRendererUrl(app, url), url).toBe(false);
    }
  });

  it('counts as the dev server’s page any page of its origin', () => {
    const server = rendererSource(dev, false);
    expect(isRendererUrl(server, 'http://localhost:5173/#/sent')).toBe(true);
    expect(isRendererUrl(server, 'http://localhost:5174/')).toBe(false);
    expect(isRendererUrl(server, APP_PAGE_URL)).toBe(false);
    expect(isRendererUrl(server, 'not a url')).toBe(false);
  });
});
