// The plate sheets' choice of a section and a range of numbers.
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { t } from '../../../domain/messages';
import { checkGraveNumber } from '../../../domain/rules/validation';
import { toArabicDigits } from '../../../domain/text/format';
import { GENDERS, type Gender } from '../../../domain/types';
import { GENDER_LABEL } from '../../resources/graves/labels';
import { readGender } from './plateChoice';

export function RangeForm({
  initial,
  onChoose,
}: {
  initial: { gender: Gender; from: number; to: number } | null;
  onChoose: (range: { gender: Gender; from: number; to: number }) => void;
}) {
  const [gender, setGender] = useState<Gender>(initial?.gender ?? 'men');
  const [fromText, setFromText] = useState(initial ? toArabicDigits(String(initial.from)) : '');
  const [toText, setToText] = useState(initial ? toArabicDigits(String(initial.to)) : '');
  const [invalid, setInvalid] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The numbers as typed (Arabic-Indic or Western digits), read by the men's section's rule: whole numbers from 1.
    const from = checkGraveNumber('men', fromText);
    const to = checkGraveNumber('men', toText);
    if (!from.ok || !to.ok) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onChoose({ gender, from: Number(from.value), to: Number(to.value) });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ mb: 2 }}>
      <Stack spacing={2}>
        <TextField
          id="plates-section"
          select
          label={t('plateSheets.section')}
          value={gender}
          onChange={(e) => setGender(readGender(e.target.value) ?? 'men')}
        >
          {GENDERS.map((g) => (
            <MenuItem key={g} value={g}>
              {GENDER_LABEL[g]}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            id="plates-from"
            label={t('plateSheets.from')}
            value={fromText}
            onChange={(e) => setFromText(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            fullWidth
          />
          <TextField
            id="plates-to"
            label={t('plateSheets.to')}
            value={toText}
            onChange={(e) => setToText(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            fullWidth
          />
        </Stack>
        {invalid && <Alert severity="error">{t('plateSheets.rangeInvalid')}</Alert>}
        <Box>
          <Button type="submit" variant="contained">
            {t('plateSheets.show')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
