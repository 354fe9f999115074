// The register's pages that change many records at once (the import, the ledger's page, a range of graves) and
// the reads they make stale.
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CemeteryDataProvider } from '../../dataProvider';
import { GENDERS, type Gender } from '../../domain/types';
import { consoleQueryKeys } from './keys';

/** After a write of many records every list, page and count may have changed: everything is read again. */
export function useRegisterChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries();
}

/** The numbers of a section's graves. */
export function useSectionNumbers(gender: Gender) {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  return useQuery({
    queryKey: consoleQueryKeys.sectionNumbers(gender),
    queryFn: () => dataProvider.sectionNumbers(gender),
  });
}

/** The numbers of every section's graves: a reader of one section's (undefined while it loads), and whether any loads. */
export function useEverySectionNumbers() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const sections = useQueries({
    queries: GENDERS.map((gender) => ({
      queryKey: consoleQueryKeys.sectionNumbers(gender),
      queryFn: () => dataProvider.sectionNumbers(gender),
    })),
  });
  return {
    numbersOf: (gender: Gender): Set<string> | undefined => sections[GENDERS.indexOf(gender)]?.data,
    loading: sections.some((s) => s.isPending),
  };
}

/** The imports (and the ledger's pages) done before, each with its undo. */
export function useImportBatches() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  return useQuery({ queryKey: consoleQueryKeys.importBatches(), queryFn: () => dataProvider.listImportBatches() });
}
