// The cemetery's plan in the console: its drawing, the rows the manager names, and their save.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CemeteryDataProvider } from '../../dataProvider';
import type { PlanGender, PlanRow } from '../../domain/plan/plan';
import { consoleQueryKeys } from './keys';

export function usePlanDrawing() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  return useQuery({ queryKey: consoleQueryKeys.planDrawing(), queryFn: () => dataProvider.plan() });
}

export function usePlanRows() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  return useQuery({ queryKey: consoleQueryKeys.planRows(), queryFn: () => dataProvider.planRows() });
}

/** Saves a section's rows; the drawing is read again with them. */
export function useSavePlanRows(
  gender: PlanGender,
  {
    onSuccess,
    onError,
  }: { onSuccess: (answer: { message: string; rows: PlanRow[] }) => void; onError: (error: Error) => void },
) {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (list: unknown[]) => dataProvider.savePlanRows(gender, list),
    onSuccess: (answer) => {
      onSuccess(answer);
      void queryClient.invalidateQueries({ queryKey: consoleQueryKeys.planDrawing() });
    },
    onError,
  });
}
