// Lists on a phone: below MUI's `md` breakpoint a console list draws one card per record instead of a
// table, the way react-admin's own demo switches to SimpleList (useMediaQuery on theme.breakpoints.down). A card,
// not SimpleList: SimpleList makes each row one link, and our rows carry their own buttons (a link may not hold
// buttons). The create button is a plain button in the toolbar: react-admin's CreateButton turns into a floating
// button below `md`, which lay over the last rows' buttons.
import { memo, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Typography, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ListNoResults, RecordContextProvider, useCreatePath, useListContext, type RaRecord } from 'react-admin';
import { Link } from 'react-router';
import { t } from '../../domain/messages';

/** Whether the console is on a small screen: lists become cards, tables would not fit. */
export function useSmallScreen(): boolean {
  return useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'), { noSsr: true });
}

/** The list's records as cards; `children` draws one card's content inside the record's context. */
export function CardList<R extends RaRecord>({
  label,
  children,
}: {
  label: string;
  children: (record: R) => ReactNode;
}) {
  const { data, isPending, error } = useListContext<R>();
  // The List draws its error (ListLoadError) instead of this; nothing here may read as 'no results'.
  if (error) return null;
  if (isPending) {
    return (
      <Typography role="status" sx={{ p: 2 }}>
        {t('common.loading')}
      </Typography>
    );
  }
  if (!data || data.length === 0) return <ListNoResults />;
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', m: 0, p: 1, display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      {data.map((record) => (
        <RecordCard key={record.id} record={record} draw={children as (record: RaRecord) => ReactNode} />
      ))}
    </Box>
  );
}

/**
 * One record's card, drawn again only when its record changes: while a search is typed the list's context changes
 * at every keystroke and the rows stay the same until the answer arrives, and a phone has no time to
 * draw twenty-five cards again each time. `draw` must draw from the record and from contexts alone (every list's
 * does); what reads a context (e.g. the matched names) follows it on its own.
 */
const RecordCard = memo(
  function RecordCard({ record, draw }: { record: RaRecord; draw: (record: RaRecord) => ReactNode }) {
    return (
      <RecordContextProvider value={record}>
        <Card component="li" variant="outlined" sx={{ minWidth: 0 }}>
          <CardContent sx={{ display: 'grid', gap: 1, '&:last-child': { pb: 2 }, overflowWrap: 'anywhere' }}>
            {draw(record)}
          </CardContent>
        </Card>
      </RecordContextProvider>
    );
  },
  (before, after) => before.record === after.record,
);

/** A card's row of actions: wraps on a narrow screen instead of pushing the page wider. */
export function CardActions({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>{children}</Box>;
}

/** A label and its value on one line of a card. */
export function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography component="div" variant="body2">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:{' '}
      </Box>
      {children}
    </Typography>
  );
}

/** The list's create button, at every width in the toolbar (never floating over the rows). */
export function CreateLink({ resource, label }: { resource: string; label: string }) {
  const createPath = useCreatePath();
  return (
    <Button component={Link} to={createPath({ resource, type: 'create' })} startIcon={<AddIcon />} size="small">
      {label}
    </Button>
  );
}
