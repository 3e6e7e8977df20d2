/**
 * The active profile's drafts as they are kept (compose/draft-store.ts), following every save and removal, here
 * or in another window: the drafts screen and the frame's notice of recurring drafts both read them.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { draftsText, listDrafts, subscribeDrafts, type StoredDraft } from '../compose/draft-store.ts';

export function useDrafts(profile: string | null): StoredDraft[] {
  // The stored text is the snapshot: equal text, equal drafts, no drawing again.
  const text = useSyncExternalStore(subscribeDrafts, () => (profile === null ? '' : draftsText(profile)));
  return useMemo(() => (profile === null || text === '' ? [] : listDrafts(profile)), [profile, text]);
}
