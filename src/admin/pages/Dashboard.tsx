// The console's home: the register's statistics and the latest burials.
import { consoleBurialDate } from '../components/calendarDates';
import {
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Title, usePermissions } from 'react-admin';
import { Link } from 'react-router';
import { t, type MessageKey } from '../../domain/messages';
import { formatGraveNumber, formatNumber } from '../../domain/text/format';
import { consolePaths } from '../../domain/paths/consolePaths';
import type { Role, Statistics } from '../../domain/types';
import { can, type Action, type Resource } from '../../domain/rules/policy';
import { useNextGraves, useRecentBurials, useStatistics } from '../queries';
import { gravePlace } from '../../domain/rules/graveMoves';
import type { GraveRecord } from '../../dataProvider';
import { LoadError } from '../components/LoadError';
import { WaitingForYou } from './WaitingForYou';

const STATS: Array<{ key: keyof Statistics; label: MessageKey }> = [
  { key: 'availableGravesCount', label: 'stats.available' },
  { key: 'unavailableGravesCount', label: 'stats.unavailable' },
  { key: 'totalDeaths', label: 'stats.totalDeaths' },
  { key: 'maleDeaths', label: 'stats.maleDeaths' },
  { key: 'femaleDeaths', label: 'stats.femaleDeaths' },
];

export function Dashboard() {
  const stats = useStatistics();
  const recent = useRecentBurials();
  const rows = (recent.data?.data ?? []).flatMap((grave) => grave.buriedPersons.map((person) => ({ grave, person })));
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={t('admin.dashboard')} />
      {stats.data && isEmptyRegister(stats.data.data) && <EmptyRegister />}
      {/* What waits for a decision first: on a phone it would otherwise sit under five figures. */}
      <WaitingForYou />
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {t('home.stats')}
      </Typography>
      {stats.error && (
        <LoadError error={stats.error} onRetry={() => void stats.refetch()} fallback={t('admin.listLoadError')} />
      )}
      <Grid container spacing={2} sx={{ mb: 3 }}>
        {STATS.map(({ key, label }) => (
          <Grid key={key} size={{ xs: 12, sm: 6, md: 'grow' }}>
            <Card>
              <CardContent>
                <Typography color="text.secondary">{t(label)}</Typography>
                <Typography variant="h4" component="p">
                  {stats.data ? formatNumber(stats.data.data[key]) : stats.error ? '—' : '…'}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <NextGraves />
      <Card>
        <CardContent>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('admin.latestBurials')}
          </Typography>
          {recent.error ? (
            <LoadError error={recent.error} onRetry={() => void recent.refetch()} fallback={t('admin.listLoadError')} />
          ) : recent.isPending ? (
            <Typography>{t('common.loading')}</Typography>
          ) : rows.length === 0 ? (
            <Typography>{t('home.noRecentBurials')}</Typography>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('burial.name')}</TableCell>
                  <TableCell>{t('burial.date')}</TableCell>
                  <TableCell>{t('grave.number')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map(({ grave, person }) => (
                  <TableRow key={person.id}>
                    <TableCell>{person.name}</TableCell>
                    <TableCell>{consoleBurialDate(person.burialDate, person.datePrecision)}</TableCell>
                    <TableCell>
                      <Link to={consolePaths.grave(grave.id)}>{formatGraveNumber(grave.number)}</Link>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

/** No grave in the men's or women's section and nobody buried: the register has not been started. */
const isEmptyRegister = (s: Statistics) =>
  s.availableGravesCount + s.unavailableGravesCount === 0 && s.totalDeaths === 0;

/** The three ways to start a register, each shown only to a role that may use it. */
const WAYS_TO_START: ReadonlyArray<{ to: string; label: MessageKey; resource: Resource; action: Action }> = [
  { to: consolePaths.graveRange(), label: 'empty.startRange', resource: 'graves', action: 'create' },
  { to: consolePaths.importRegister(), label: 'empty.startImport', resource: 'imports', action: 'create' },
  { to: consolePaths.users(), label: 'empty.startUsers', resource: 'users', action: 'list' },
];

function EmptyRegister() {
  const { permissions } = usePermissions<Role | null>();
  const ways = WAYS_TO_START.filter((way) => can(permissions, way.resource, way.action));
  return (
    <Card sx={{ mb: 3 }} className="empty-register">
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('empty.consoleHeading')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('empty.consoleText')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ flexWrap: 'wrap' }}>
          {ways.map((way) => (
            <Button key={way.to} variant="contained" component={Link} to={way.to}>
              {t(way.label)}
            </Button>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The grave the committee uses next in each section, with a way to record the burial there. */
function NextGraves() {
  const next = useNextGraves();
  if (next.error) {
    return <LoadError error={next.error} onRetry={() => void next.refetch()} fallback={t('admin.listLoadError')} />;
  }
  if (!next.data) return null;
  const sections: Array<['men' | 'women', GraveRecord | null]> = [
    ['men', next.data.men],
    ['women', next.data.women],
  ];
  return (
    <Card sx={{ mb: 3 }} className="next-graves">
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('next.title')}
        </Typography>
        <Stack spacing={1}>
          {sections.map(([gender, grave]) =>
            grave ? (
              <Stack key={gender} direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Stack>
                  <Typography>{gravePlace(grave)}</Typography>
                  {next.data.why?.[gender] && (
                    <Typography variant="body2" color="text.secondary" className="next-grave-why">
                      {next.data.why[gender]}
                    </Typography>
                  )}
                </Stack>
                <Button variant="contained" size="small" component={Link} to={consolePaths.bury(String(grave._id))}>
                  {t('next.buryHere')}
                </Button>
              </Stack>
            ) : (
              <Typography key={gender} color="text.secondary">
                {t('next.none', { section: t(gender === 'men' ? 'nav.men' : 'nav.women') })}
              </Typography>
            ),
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
