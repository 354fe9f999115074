// What the home page reads: the register's figures, the latest burials and the next graves to use.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CemeteryDataProvider } from '../../dataProvider';
import { consoleQueryKeys } from './keys';

export function useStatistics() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  return useQuery({ queryKey: consoleQueryKeys.statistics(), queryFn: () => dataProvider.getStatistics() });
}

export function useRecentBurials() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  return useQuery({ queryKey: consoleQueryKeys.recentBurials(), queryFn: () => dataProvider.getRecentBurials() });
}

/** What waits for the signed-in role's decision (the dashboard's and the menu's counts), asked again each minute. */
export function useWaiting() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  return useQuery({
    queryKey: consoleQueryKeys.waiting(),
    queryFn: () => dataProvider.getWaiting(),
    refetchInterval: 60_000,
  });
}

/** The next grave to use in the men's and the women's sections. */
export function useNextGraves() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  return useQuery({ queryKey: consoleQueryKeys.nextGraves(), queryFn: () => dataProvider.getNextGraves() });
}
