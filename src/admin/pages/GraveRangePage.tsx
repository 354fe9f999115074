// Graves by range: a men's or women's section numbered along its rows is created in one step. The line
// under the fields says, before anything is saved, how many graves will be added and how many already exist.
import { serverMessage } from '../../api/errorMessage';
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Title, useDataProvider } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { useRegisterChanged, useSectionNumbers } from '../queries/registerWrites';
import { formatGraveNumber } from '../../domain/text/format';
import { formatCount } from '../../domain/text/nouns';
import { t } from '../../domain/messages';
import { checkGraveNumber } from '../../domain/rules/validation';
import type { Gender } from '../../domain/types';
import type { CemeteryDataProvider } from '../../dataProvider';
import { RequireAccess } from '../layout/RequireAccess';
import { GENDER_LABEL } from '../resources/graves/labels';

/** The most one request creates (the server's limit too). */
export const RANGE_MAX = 2000;

/** «سيُضاف ١٥٠ مقبرة»: after the verb the noun keeps the number (no dual phrase without it). */

const SECTIONS: Gender[] = ['men', 'women'];

type Bounds = { ok: true; from: number; to: number } | { ok: false; message: string | null };

/** The two numbers as typed (Arabic-Indic or Western digits), checked by the domain's grave-number rule. */
function readBounds(gender: Gender, fromText: string, toText: string): Bounds {
  if (fromText.trim() === '' || toText.trim() === '') return { ok: false, message: null };
  const from = checkGraveNumber(gender, fromText);
  const to = checkGraveNumber(gender, toText);
  if (!from.ok) return { ok: false, message: t(from.error) };
  if (!to.ok) return { ok: false, message: t(to.error) };
  const [a, b] = [Number(from.value), Number(to.value)];
  if (a > b) return { ok: false, message: t('range.order') };
  if (b - a + 1 > RANGE_MAX)
    return { ok: false, message: t('range.tooMany', { max: formatCount(RANGE_MAX, 'grave') }) };
  return { ok: true, from: a, to: b };
}

export function GraveRangePage() {
  return (
    <RequireAccess resource="graves" action="create">
      <GraveRangeForm />
    </RequireAccess>
  );
}

function GraveRangeForm() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const registerChanged = useRegisterChanged();
  const [gender, setGender] = useState<Gender>('men');
  const [fromText, setFromText] = useState('');
  const [toText, setToText] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const bounds = readBounds(gender, fromText, toText);
  const existing = useSectionNumbers(gender);
  const create = useMutation({
    mutationFn: (input: { gender: Gender; from: number; to: number }) => dataProvider.createGraveRange(input),
    onSuccess: (result) => {
      const created = formatCount(result.created, 'grave', 'genitive');
      setAnswer({
        ok: true,
        text:
          result.skipped.length === 0
            ? t('range.done', { created })
            : t('range.doneSkipped', { created, skipped: formatCount(result.skipped.length, 'grave') }),
      });
      setFromText('');
      setToText('');
      // The lists and this page's preview show the new graves.
      registerChanged();
    },
    onError: (error: Error & { status?: number }) =>
      setAnswer({ ok: false, text: serverMessage(error, 'range.failed') }),
  });

  let preview: string | null = null;
  if (bounds.ok) {
    if (existing.isError) preview = t('range.previewFailed');
    else if (!existing.data) preview = t('range.previewLoading');
    else {
      let there = 0;
      for (let n = bounds.from; n <= bounds.to; n++) if (existing.data.has(String(n))) there++;
      const adding = bounds.to - bounds.from + 1 - there;
      preview =
        adding === 0
          ? t('range.previewNone', { from: formatGraveNumber(bounds.from), to: formatGraveNumber(bounds.to) })
          : t('range.preview', {
              adding: formatCount(adding, 'grave'),
              existing: formatCount(there, 'grave'),
            });
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!bounds.ok || create.isPending) return;
    setAnswer(null);
    create.mutate({ gender, from: bounds.from, to: bounds.to });
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title={t('range.title')} />
      <CardContent>
        <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
          {t('range.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('range.intro')} {t('range.bonesNote')}
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            <TextField
              id="range-gender"
              select
              label={t('grave.gender')}
              value={gender}
              onChange={(e) => setGender(e.target.value === 'women' ? 'women' : 'men')}
            >
              {SECTIONS.map((g) => (
                <MenuItem key={g} value={g}>
                  {GENDER_LABEL[g]}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                id="range-from"
                label={t('range.from')}
                value={fromText}
                onChange={(e) => setFromText(e.target.value)}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                fullWidth
              />
              <TextField
                id="range-to"
                label={t('range.to')}
                value={toText}
                onChange={(e) => setToText(e.target.value)}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                fullWidth
              />
            </Stack>
            <Typography role="status" aria-live="polite" className="range-preview" sx={{ minHeight: 24 }}>
              {bounds.ok ? preview : bounds.message}
              {bounds.ok && existing.isError && (
                <Button onClick={() => void existing.refetch()} sx={{ minHeight: 44, ml: 1 }}>
                  {t('register.retry')}
                </Button>
              )}
            </Typography>
            <Box>
              <Button
                type="submit"
                variant="contained"
                disabled={!bounds.ok || create.isPending}
                sx={{ minHeight: 44 }}
              >
                {t('range.submit')}
              </Button>
            </Box>
            {answer && (
              <Alert severity={answer.ok ? 'success' : 'error'} role={answer.ok ? 'status' : 'alert'}>
                {answer.text}
              </Alert>
            )}
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
