import { useSyncExternalStore } from 'react';

/**
 * wouter's location for this app: the whole address lives in the hash (`#/sent/42?state=Scartato`), query
 * included, because the page loads from `file://` in Electron and from `/app/` headless, where the real path and
 * query are not the app's to change. wouter's own hash hook would put the query before the hash; this keeps it
 * inside, so a copied address holds everything. Each navigation is a history entry: Back and Forward work.
 */
const subscribe = (onChange: () => void) => {
  addEventListener('hashchange', onChange);
  return () => removeEventListener('hashchange', onChange);
};

const hash = () => location.hash.replace(/^#/, '');

function pathOf(address: string): string {
  const q = address.indexOf('?');
  const path = q < 0 ? address : address.slice(0, q);
  return path.startsWith('/') ? path : `/${path}`;
}

function searchOf(address: string): string {
  const q = address.indexOf('?');
  return q < 0 ? '' : address.slice(q + 1);
}

const currentPath = () => pathOf(hash());
const currentSearch = () => searchOf(hash());

/** Goes to an app address (`/sent/42`, `/sent?state=Scartato`); the same address again does nothing. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(location.href);
  url.hash = to.startsWith('/') ? to : `/${to}`;
  if (url.href === location.href) return;
  const oldURL = location.href;
  history[options.replace ? 'replaceState' : 'pushState'](null, '', url.href);
  dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: url.href }));
}

export function useHashLocation(): [string, typeof navigate] {
  return [useSyncExternalStore(subscribe, currentPath), navigate];
}
useHashLocation.searchHook = (): string => useSyncExternalStore(subscribe, currentSearch);
useHashLocation.hrefs = (href: string): string => `#${href}`;
