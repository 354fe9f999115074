// The dashboard's "waiting for you": the families' corrections and photos and the visitors' suggestions not yet
// decided, each a link to its queue; only the kinds the signed-in role decides (GET /api/waiting).
import { Card, CardContent, Link as MuiLink, List, ListItem, Typography } from '@mui/material';
import { Link } from 'react-router';
import { t, type MessageKey } from '../../domain/messages';
import { consolePaths } from '../../domain/paths/consolePaths';
import { formatNumber } from '../../domain/text/format';
import type { Waiting } from '../../dataProvider';
import { useWaiting } from '../queries';

const QUEUES: Array<{ kind: keyof Waiting; label: MessageKey; to: string }> = [
  { kind: 'corrections', label: 'waiting.corrections', to: consolePaths.corrections() },
  { kind: 'photos', label: 'waiting.photos', to: consolePaths.photos() },
  { kind: 'suggestions', label: 'waiting.suggestions', to: consolePaths.suggestions() },
];

export function WaitingForYou() {
  const waiting = useWaiting();
  const counts = waiting.data;
  const shown = QUEUES.filter(({ kind }) => counts?.[kind] !== undefined);
  // A role that decides none of them (data entry) has nothing to see here.
  if (!counts || shown.length === 0) return null;
  const any = shown.some(({ kind }) => (counts[kind] ?? 0) > 0);
  return (
    <Card sx={{ mb: 3 }} component="section" aria-labelledby="waiting-heading">
      <CardContent>
        <Typography id="waiting-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('waiting.title')}
        </Typography>
        {!any ? (
          <Typography color="text.secondary">{t('waiting.none')}</Typography>
        ) : (
          <List dense disablePadding>
            {shown.map(({ kind, label, to }) => (
              <ListItem key={kind} disablePadding sx={{ py: 0 }}>
                {/* A link, not a button: it opens the queue (ListItemButton would take the button's role). */}
                <MuiLink
                  component={Link}
                  to={to}
                  sx={{
                    fontWeight: (counts[kind] ?? 0) > 0 ? 700 : 400,
                    minHeight: 44,
                    display: 'inline-flex',
                    alignItems: 'center',
                  }}
                >
                  {t('waiting.countOf', { label: t(label), count: formatNumber(counts[kind] ?? 0) })}
                </MuiLink>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
