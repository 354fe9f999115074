// The plan of the cemetery in the console: the same drawing as the public /plan, where a click opens the
// grave's console page, and for the manager the rows of each section (a label and a run of numbers).
import { serverMessage } from '../../api/errorMessage';
import { useState, type FormEvent, type MouseEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, IconButton, Stack, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import AddIcon from '@mui/icons-material/Add';
import { Title, useCanAccess, useDataProvider } from 'react-admin';
import { useNavigate } from 'react-router';
import { usePlanDrawing, usePlanRows, useSavePlanRows } from '../queries/plan';
import type { CemeteryDataProvider } from '../../dataProvider';
import { consolePaths } from '../../domain/paths/consolePaths';
import { formatGraveNumber } from '../../domain/text/format';
import { formatCount } from '../../domain/text/nouns';
import { t } from '../../domain/messages';
import { remainsNoun } from '../../domain/messages/planPublic';
import { PLAN_GENDERS, type PlanGender, type PlanRow } from '../../domain/plan/plan';
import { blockSvg, blocksOf, sectionName } from '../../domain/plan/planDrawing';
import { checkPlanRows } from '../../domain/plan/planRows';
import { toWesternDigits } from '../../domain/search/normalize';
import { publicPaths } from '../../domain/paths/publicPaths';
import type { Gender } from '../../domain/types';
import { PlanLegend } from '../../shared/PlanLegend';
import { LoadError } from '../components/LoadError';
import { RequireAccess } from '../layout/RequireAccess';

export function PlanConsolePage() {
  return (
    <RequireAccess resource="plan" action="list">
      <PlanConsole />
    </RequireAccess>
  );
}

function PlanConsole() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const plan = usePlanDrawing();
  const { canAccess: canEdit } = useCanAccess({ resource: 'plan', action: 'edit' });
  const navigate = useNavigate();
  const [openFailed, setOpenFailed] = useState(false);

  // The cells are links to the public address of the grave (/plan/men/12), so that they work opened in a new tab;
  // a plain click opens the grave's console page instead.
  const onClick = async (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element).closest('a');
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const match = /^\/plan\/([^/]+)\/([^/]+)$/.exec(link.getAttribute('href') ?? '');
    if (!match) return;
    event.preventDefault();
    setOpenFailed(false);
    try {
      const grave = await dataProvider.graveByNumber(match[1] as Gender, decodeURIComponent(match[2]!));
      navigate(consolePaths.grave(grave._id));
    } catch {
      setOpenFailed(true);
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={t('plan.consoleTitle')} />
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        {t('plan.consoleTitle')}
      </Typography>
      <PlanLegend found={false} />
      {openFailed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('plan.openFailed')}
        </Alert>
      )}
      {plan.isPending && <Typography>{t('common.loading')}</Typography>}
      {plan.isError && (
        <LoadError error={plan.error} onRetry={() => void plan.refetch()} fallback={t('plan.loadFailed')} />
      )}
      {plan.data && (
        <Box onClick={onClick} sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: '1fr 1fr' } }}>
          {plan.data.sections.map((section) => (
            <Card key={section.gender}>
              <CardContent>
                <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
                  {sectionName(section.gender)}
                </Typography>
                {section.rows.length === 0 && <Typography color="text.secondary">{t('plan.sectionEmpty')}</Typography>}
                {blocksOf(section).map((rows) => (
                  <Box
                    key={rows[0]!.from}
                    sx={{ mb: 1.5 }}
                    dangerouslySetInnerHTML={{
                      __html: blockSvg(section.gender, rows, { hrefOf: publicPaths.planGrave.href }),
                    }}
                  />
                ))}
              </CardContent>
            </Card>
          ))}
          {plan.data.bones.length > 0 && (
            <Card>
              <CardContent>
                <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
                  {sectionName('bones')}
                </Typography>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                  {plan.data.bones.map((b) => (
                    <Button key={b.number} variant="outlined" href={publicPaths.planGrave.href('bones', b.number)}>
                      {formatGraveNumber(b.number)}: {formatCount(b.count, remainsNoun)}
                    </Button>
                  ))}
                </Stack>
              </CardContent>
            </Card>
          )}
        </Box>
      )}
      {canEdit && (
        <Stack spacing={3} sx={{ mt: 3 }}>
          {PLAN_GENDERS.map((gender) => (
            <RowsEditor key={gender} gender={gender} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

interface RowText {
  key: number;
  label: string;
  from: string;
  to: string;
}

let nextKey = 1;
const asText = (row: PlanRow): RowText => ({
  key: nextKey++,
  label: row.label,
  from: formatGraveNumber(row.from),
  to: formatGraveNumber(row.to),
});

/** A section's rows as the manager names them; loaded once, then what was typed stays until it is saved. */
function RowsEditor({ gender }: { gender: PlanGender }) {
  const saved = usePlanRows();
  const section = sectionName(gender);
  return (
    <Card component="section" aria-label={t('plan.rowsTitle', { section })}>
      <CardContent>
        <Typography component="h2" variant="h6">
          {t('plan.rowsTitle', { section })}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('plan.rowsHelp')}
        </Typography>
        {saved.isPending && <Typography>{t('common.loading')}</Typography>}
        {saved.isError && (
          <LoadError error={saved.error} onRetry={() => void saved.refetch()} fallback={t('plan.loadFailed')} />
        )}
        {saved.data && <RowsForm gender={gender} initial={saved.data[gender]} />}
      </CardContent>
    </Card>
  );
}

function RowsForm({ gender, initial }: { gender: PlanGender; initial: PlanRow[] }) {
  const [rows, setRows] = useState<RowText[]>(() => initial.map(asText));
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [named, setNamed] = useState(initial.length > 0);
  const save = useSavePlanRows(gender, {
    onSuccess: (result) => {
      setAnswer({ ok: true, text: result.message });
      setRows(result.rows.map(asText));
      setNamed(result.rows.length > 0);
    },
    onError: (error) => setAnswer({ ok: false, text: serverMessage(error, 'plan.loadFailed') }),
  });

  const send = (list: Array<Omit<RowText, 'key'>>) => {
    // The same rule as the server's, so a fault is named before anything is sent; the server still has the last word.
    const checked = checkPlanRows(list);
    if (!checked.ok) {
      setAnswer({ ok: false, text: checked.error });
      return;
    }
    setAnswer(null);
    save.mutate(checked.value);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!save.isPending) send(rows.map(({ label, from, to }) => ({ label, from, to })));
  };
  const change = (key: number, field: 'label' | 'from' | 'to', value: string) =>
    setRows((list) => list.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  // A new row continues the last one: the next ten numbers.
  const lastTo = Number(toWesternDigits(rows.at(-1)?.to ?? '').trim());
  const last = Number.isInteger(lastTo) && lastTo > 0 ? lastTo : 0;
  const add = () =>
    setRows((list) => [
      ...list,
      { key: nextKey++, label: '', from: formatGraveNumber(last + 1), to: formatGraveNumber(last + 10) },
    ]);

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      {rows.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('plan.rowsDefault')}
        </Typography>
      )}
      <Stack spacing={1.5} sx={{ mb: 2 }}>
        {rows.map((row, i) => (
          <Stack key={row.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              label={t('plan.rowLabelField')}
              value={row.label}
              onChange={(e) => change(row.key, 'label', e.target.value)}
              size="small"
              sx={{ flex: 1, minWidth: 0 }}
              slotProps={{ htmlInput: { 'aria-label': `${t('plan.rowLabelField')} ${formatGraveNumber(i + 1)}` } }}
            />
            <TextField
              label={t('plan.rowFrom')}
              value={row.from}
              onChange={(e) => change(row.key, 'from', e.target.value)}
              size="small"
              sx={{ flex: 1, minWidth: 0 }}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              label={t('plan.rowTo')}
              value={row.to}
              onChange={(e) => change(row.key, 'to', e.target.value)}
              size="small"
              sx={{ flex: 1, minWidth: 0 }}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <IconButton
              aria-label={t('plan.removeRow', { label: row.label || formatGraveNumber(i + 1) })}
              onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      {answer && (
        <Alert severity={answer.ok ? 'success' : 'error'} sx={{ mb: 2 }} role={answer.ok ? 'status' : 'alert'}>
          {answer.text}
        </Alert>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<AddIcon />} onClick={add}>
          {t('plan.addRow')}
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('plan.saveRows')}
        </Button>
        {named && (
          <Button color="inherit" disabled={save.isPending} onClick={() => send([])}>
            {t('plan.resetRows')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
