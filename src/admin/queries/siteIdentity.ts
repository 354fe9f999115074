// The village's identity as the manager edits it (the settings page) and as the plates need it (the site's
// address). A save writes the server's answer under the same key, so the tab's title follows at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CemeteryDataProvider } from '../../dataProvider';
import type { IdentityPatch, SiteIdentity } from '../../domain/identity/siteIdentity';
import { consoleQueryKeys } from './keys';

type Saved = { identity: SiteIdentity; message: string };

interface SaveCallbacks {
  onSuccess?: (answer: Saved) => void;
  onError?: (error: Error) => void;
}

/** The stored identity, as the settings page starts from it. */
export function useSiteIdentity() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  return useQuery({ queryKey: consoleQueryKeys.identity(), queryFn: () => dataProvider.siteIdentity() });
}

/** The site's address from the settings ('' while not set): what every plate's QR code holds. */
export function useSiteAddress() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  return useQuery({
    queryKey: consoleQueryKeys.identity(),
    queryFn: () => dataProvider.siteIdentity(),
    select: (identity) => identity.siteUrl,
  });
}

function useKeepIdentity() {
  const queryClient = useQueryClient();
  return (identity: SiteIdentity) => queryClient.setQueryData(consoleQueryKeys.identity(), identity);
}

/** Saves the identity's fields (the logo has its own calls). */
export function useSaveSiteIdentity({ onSuccess, onError }: SaveCallbacks) {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const keep = useKeepIdentity();
  return useMutation({
    mutationFn: (patch: IdentityPatch) => dataProvider.saveSiteIdentity(patch),
    onSuccess: (answer) => {
      keep(answer.identity);
      onSuccess?.(answer);
    },
    onError: (error) => onError?.(error),
  });
}

/** Sends a logo, or (null) goes back to the default one. */
export function useSiteLogo({ onSuccess, onError }: SaveCallbacks) {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const keep = useKeepIdentity();
  return useMutation({
    mutationFn: (file: File | null) => (file ? dataProvider.uploadLogo(file) : dataProvider.removeLogo()),
    onSuccess: (answer) => {
      keep(answer.identity);
      onSuccess?.(answer);
    },
    onError: (error) => onError?.(error),
  });
}
