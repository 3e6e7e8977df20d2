import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allowedExternalLink,
  EXTERNAL_LINK_HOSTS,
  EXTERNAL_LINKS,
  openExternalLink,
} from '../../src/main/external-links.ts';

const src = new URL('../../src/', import.meta.url).pathname;

/** Every source file of the app's own code (the server's texts and examples are no links the app opens). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|html)$/.test(entry.name) ? [path] : [];
  });
}

describe('external links', () => {
  it('allow exactly the hosts the app links to', () => {
    expect([...EXTERNAL_LINK_HOSTS]).toEqual(['www.fatturapa.gov.it']);
    expect(allowedExternalLink(EXTERNAL_LINKS.sdiInfo)).toBe(EXTERNAL_LINKS.sdiInfo);
    expect(allowedExternalLink('https://www.fatturapa.gov.it/en/')).toBe('https://www.fatturapa.gov.it/en/');
  });

  it('refuse other hosts, look-alikes, other schemes, ports and credentials', () => {
    for (const url of [
      'https://example.com/',
      'https://fatturapa.gov.it/',
      'https://evil.www.fatturapa.gov.it/',
      'https://www.fatturapa.gov.it.evil.example/',
      'https://www.fatturapa.gov.it@evil.example/',
      'https://user:pw@www.fatturapa.gov.it/',
      'https://www.fatturapa.gov.it:8443/',
      'http://www.fatturapa.gov.it/',
      'file:///etc/passwd',
      'smb://www.fatturapa.gov.it/share',
      'javascript:alert(1)',
      'not a url',
      42,
      null,
    ]) {
      expect(allowedExternalLink(url), String(url)).toBeNull();
    }
  });

  it('open an allowed link in the OS browser, and log a refused one without opening anything', async () => {
    const opened: string[] = [];
    const logged: string[] = [];
    const shell = { openExternal: async (url: string) => void opened.push(url) };
    const log = (message: string) => void logged.push(message);
    expect(await openExternalLink(shell, EXTERNAL_LINKS.sdiInfo, log)).toBe(true);
    expect(await openExternalLink(shell, `https://evil.example/${'x'.repeat(1000)}`, log)).toBe(false);
    expect(opened).toEqual([EXTERNAL_LINKS.sdiInfo]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^Refused to open an external link: https:\/\/evil\.example\//);
    expect(logged[0]!.length).toBeLessThan(300);
  });

  it('cover every https host written in the app’s main, preload and renderer code', () => {
    const hosts = new Set<string>();
    for (const dir of ['main', 'preload', 'renderer']) {
      for (const file of sourceFiles(join(src, dir))) {
        for (const [url] of readFileSync(file, 'utf8').matchAll(/https:\/\/[a-z0-9.-]+\.[a-z]{2,}/gi)) {
          hosts.add(new URL(url).hostname);
        }
      }
    }
    // example.com: placeholders in form hints, never opened.
    hosts.delete('example.com');
    expect([...hosts].sort()).toEqual([...EXTERNAL_LINK_HOSTS].sort());
  });
});
