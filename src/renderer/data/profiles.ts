import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProfilesView, ProfileView } from '../../shared/gateway/channels.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { HOST_KEYS, queryKeys } from './keys.ts';

/**
 * The host's profiles, read once and shared by every screen: the host changes them only when the UI asks
 * (`profileChanged` after select, save or remove).
 */
export function useProfiles(): ProfilesView | null {
  const gateway = useGateway();
  return (
    useQuery({
      queryKey: queryKeys.profiles,
      queryFn: () => gateway.profiles.list(),
      staleTime: Infinity,
    }).data ?? null
  );
}

/** The active profile's id, for what is kept per profile; null until known. */
export function useActiveProfileId(): string | null {
  return useProfiles()?.activeId ?? null;
}

/** The active profile; null until known. */
export function useActiveProfile(): ProfileView | null {
  const view = useProfiles();
  return view?.profiles.find((p) => p.id === view.activeId) ?? null;
}

/**
 * After the host's profiles changed: the new view is shared at once, and when another profile became active every
 * read of the service's data is dropped (it was another account's).
 */
export function profileChanged(client: QueryClient, view: ProfilesView): void {
  const before = client.getQueryData<ProfilesView>(queryKeys.profiles);
  client.setQueryData(queryKeys.profiles, view);
  if (before?.activeId !== view.activeId)
    client.removeQueries({ predicate: (query) => !HOST_KEYS.includes(String(query.queryKey[0])) });
}

/** `profileChanged` bound to the app's QueryClient. */
export function useProfileChanged(): (view: ProfilesView) => void {
  const client = useQueryClient();
  return (view) => profileChanged(client, view);
}
