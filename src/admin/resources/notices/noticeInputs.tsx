// The notice form's own inputs: the five prayers as chips, the prayer's time in Arabic digits and the mosque with
// the earlier notices' mosques as suggestions. The places of condolences are in CondolencesInput.tsx, the grave by
// section and number in GraveInput.tsx.
import { useEffect, useState } from 'react';
import { Autocomplete, Box, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { FieldTitle, InputHelperText, useInput, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { t } from '../../../domain/messages';
import { TEXT_FIELDS } from '../../../domain/rules/validation';
import { followsTextRules } from '../../components/textRules';
import {
  afterPrayerWords,
  PRAYERS,
  prayerOfWords,
  prayerTime,
  prayerWord,
  readTime,
  spokenTime,
  timeFieldText,
  type Prayer,
  type Remembered,
} from './prayerDefaults';

/** The field's message when it is left empty (spaces only count as empty: the server would refuse them). */
export const filled: Validator = (value) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
    ? t('common.required')
    : undefined;

/** The five prayers: a chip writes «عقب صلاة …» and the prayer's remembered time. */
export function PrayerChips({ remembered }: { remembered: Remembered }) {
  const { setValue } = useFormContext();
  const words = useWatch({ name: 'afterPrayer' });
  const chosen = prayerOfWords(words);
  return (
    <Box>
      <Typography id="notice-which-prayer" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('noticesConsole.whichPrayer')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        color="primary"
        aria-labelledby="notice-which-prayer"
        value={chosen}
        onChange={(_event, prayer: Prayer | null) => {
          if (!prayer) return;
          setValue('afterPrayer', afterPrayerWords(prayer), { shouldDirty: true });
          setValue('prayerTime', prayerTime(prayer, remembered), { shouldDirty: true, shouldValidate: true });
        }}
        sx={{
          '& .MuiToggleButton-root': { px: 0.5, minHeight: 44 },
          // MUI's grey for the prayers not chosen is too faint to read (axe: colour contrast).
          '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' },
        }}
      >
        {PRAYERS.map((prayer) => (
          <ToggleButton key={prayer} value={prayer}>
            {prayerWord(prayer)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

const timeRule: Validator = (value) => {
  if (typeof value !== 'string' || value.trim() === '') return t('noticesConsole.timeRequired');
  return /^\d{2}:\d{2}$/.test(value) ? undefined : t('noticesConsole.timeInvalid');
};

/**
 * The prayer's time, shown and typed in Arabic-Indic digits (Latin ones are read too), held by the form as HH:mm;
 * under it, the time as said («٣:٣٠ م»). A text that is not a time stays as typed, with the reason.
 */
export function PrayerTimeInput() {
  const {
    field,
    fieldState: { error, invalid },
    id,
    isRequired,
  } = useInput({ source: 'prayerTime', validate: timeRule });
  const value = typeof field.value === 'string' ? field.value : '';
  const [text, setText] = useState(() => (readTime(value) ? timeFieldText(value) : value));
  // A chip sets the value: show it anew unless it is what the text already reads.
  useEffect(() => {
    setText((shown) => (readTime(shown) === value ? shown : readTime(value) ? timeFieldText(value) : shown));
  }, [value]);
  const read = readTime(text);
  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const time = readTime(event.target.value);
        field.onChange(time ?? event.target.value);
      }}
      onBlur={() => {
        if (read) setText(timeFieldText(read));
        field.onBlur();
      }}
      label={<FieldTitle label={t('noticesConsole.time')} source="prayerTime" isRequired={isRequired} />}
      error={invalid}
      helperText={
        <InputHelperText error={error?.message} helperText={read ? spokenTime(read) : t('noticesConsole.timeHint')} />
      }
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
    />
  );
}

/** The mosque: free text, with the mosques of earlier notices offered as the clerk types. */
export function MosqueInput({ mosques, validate }: { mosques: string[]; validate?: Validator }) {
  const {
    field,
    fieldState: { error, invalid },
    id,
    isRequired,
  } = useInput({
    source: 'mosque',
    validate: [filled, followsTextRules(TEXT_FIELDS.noticeMosque), ...(validate ? [validate] : [])],
  });
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <Autocomplete
      freeSolo
      options={mosques}
      inputValue={value}
      onInputChange={(_event, next) => field.onChange(next)}
      onChange={(_event, next) => field.onChange(typeof next === 'string' ? next : '')}
      renderInput={(params) => (
        <TextField
          {...params}
          id={id}
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          label={<FieldTitle label={t('noticesConsole.mosque')} source="mosque" isRequired={isRequired} />}
          error={invalid}
          helperText={<InputHelperText error={error?.message} helperText={t('noticesConsole.mosqueHint')} />}
        />
      )}
    />
  );
}
