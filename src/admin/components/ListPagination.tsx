// Every console list's pagination, with its numbers in ar-EG digits. react-admin translates the range ('١-٢٥ من
// ٣٠٠', through our i18nProvider) but hands MUI the rows-per-page choices and the page buttons as bare numbers, which
// MUI prints in Latin digits. The choices go in as {label, value} (react-admin 5 passes them on to MUI's
// TablePagination) and the page buttons are drawn with their number formatted.
import { PaginationItem } from '@mui/material';
import {
  Pagination,
  PaginationActions,
  useListContext,
  useListPaginationContext,
  type PaginationActionsProps,
  type PaginationProps,
} from 'react-admin';
import { formatNumber } from '../../domain/text/format';
import { t } from '../../domain/messages';

/** react-admin's default choices. */
const PER_PAGE_CHOICES = [5, 10, 25, 50];

/** The choices offered with a list's page size: its own perPage is always one (MUI shows nothing for another). */
export function perPageOptions(perPage: number): Array<{ label: string; value: number }> {
  return [...new Set([...PER_PAGE_CHOICES, perPage])]
    .sort((a, b) => a - b)
    .map((value) => ({ value, label: formatNumber(value) }));
}

function ArabicPaginationActions(props: PaginationActionsProps) {
  return (
    <PaginationActions
      {...props}
      aria-label={t('admin.pagination')}
      renderItem={(item) => (
        <PaginationItem {...item} page={typeof item.page === 'number' ? formatNumber(item.page) : item.page} />
      )}
    />
  );
}

export function ListPagination(props: Omit<PaginationProps, 'rowsPerPageOptions' | 'actions'>) {
  const { perPage, total } = useListPaginationContext();
  const { error } = useListContext();
  // A list that failed to load has no range and no pages to offer (its error says so instead).
  if (error) return null;
  return (
    <Pagination
      {...props}
      rowsPerPageOptions={perPageOptions(perPage)}
      // Without a total react-admin keeps MUI's arrows only (no numbers); so do we.
      actions={total != null ? ArabicPaginationActions : undefined}
    />
  );
}
