// The notice form's own inputs: the five prayers as chips, the prayer's time in Arabic digits, the mosque
// with the earlier notices' mosques as suggestions, the places of condolences, and a grave by section and number.
import { useEffect, useState } from 'react';
import {
  Autocomplete,
  Box,
  Button,
  IconButton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import AddIcon from '@mui/icons-material/Add';
import {
  AutocompleteInput,
  FieldTitle,
  InputHelperText,
  ReferenceInput,
  SelectInput,
  TextInput,
  useInput,
  type Validator,
} from 'react-admin';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { t } from '../../../domain/messages';
import { CONDOLENCE_FOR, type Condolence } from '../../../domain/notices/notice';
import { graveName } from '../../../domain/text/graveLifeText';
import type { GraveRecord } from '../../../dataProvider';
import { TEXT_FIELDS } from '../../../domain/rules/validation';
import { ArabicDateInput } from '../../components/ArabicDateInput';
import { addDays, isIsoDate } from '../../components/calendarDates';
import { followsTextRules } from '../../components/textRules';
import { TYPING_PAUSE_MS } from '../../components/LiveFilters';
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

const FOR_CHOICES = CONDOLENCE_FOR.map((who) => ({ id: who, name: t(`notice.for.${who}`) }));

/** A new place of condolences: for men and women, from the prayer's day to two days after. */
export function newCondolence(prayerDay: unknown): Condolence {
  const from = isIsoDate(prayerDay) ? prayerDay : '';
  return { place: '', for: 'all', from, to: from ? addDays(from, 2) : '', hours: '' };
}

const condolenceDays: Validator = (value, values: Record<string, unknown>, props: { source?: string }) => {
  const index = /condolences\.(\d+)\.to/.exec(props?.source ?? '')?.[1];
  const rows = values.condolences;
  const row = Array.isArray(rows) && index !== undefined ? (rows[Number(index)] as Partial<Condolence>) : undefined;
  if (typeof value !== 'string' || !isIsoDate(value) || !row?.from || !isIsoDate(row.from)) return undefined;
  return value < row.from ? t('noticesConsole.condolenceDaysInvalid') : undefined;
};

/** The places of condolences, any number of them, each with whom it receives, its days and its hours. */
export function CondolencesInput({ latest }: { latest: string }) {
  const { fields, append, remove } = useFieldArray({ name: 'condolences' });
  const { getValues } = useFormContext();
  const { errors } = useFormState({ name: 'condolences' });
  const refusal = errors.condolences?.message;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('noticesConsole.condolences')}
      </Typography>
      {typeof refusal === 'string' && (
        <Typography role="alert" color="error" variant="body2" sx={{ mb: 1 }}>
          {refusal}
        </Typography>
      )}
      <Stack spacing={2}>
        {fields.map((item, index) => (
          <Box
            key={item.id}
            role="group"
            aria-label={t('noticesConsole.condolence', { n: index + 1 })}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 0.5 }}
          >
            <Stack direction="row" alignItems="center" justifyContent="space-between">
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {t('noticesConsole.condolence', { n: (index + 1).toLocaleString('ar-EG') })}
              </Typography>
              <IconButton
                aria-label={t('noticesConsole.removeCondolence', { n: (index + 1).toLocaleString('ar-EG') })}
                onClick={() => remove(index)}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
            <TextInput
              source={`condolences.${index}.place`}
              label={t('noticesConsole.place')}
              validate={[filled, followsTextRules(TEXT_FIELDS.condolencePlace)]}
              helperText={false}
            />
            <SelectInput
              source={`condolences.${index}.for`}
              label={t('noticesConsole.for')}
              choices={FOR_CHOICES}
              validate={filled}
              helperText={false}
            />
            <ArabicDateInput
              source={`condolences.${index}.from`}
              label={t('noticesConsole.from')}
              validate={filled}
              latest={latest}
            />
            <ArabicDateInput
              source={`condolences.${index}.to`}
              label={t('noticesConsole.to')}
              validate={[filled, condolenceDays]}
              latest={latest}
            />
            <TextInput
              source={`condolences.${index}.hours`}
              label={t('noticesConsole.hours')}
              helperText={t('noticesConsole.hoursHint')}
              validate={followsTextRules(TEXT_FIELDS.condolenceHours)}
            />
          </Box>
        ))}
      </Stack>
      <Button
        startIcon={<AddIcon />}
        onClick={() => append(newCondolence(getValues('prayerDay')))}
        sx={{ mt: 1 }}
        variant="outlined"
      >
        {t('noticesConsole.addCondolence')}
      </Button>
    </Box>
  );
}

const SECTIONS = [
  { id: 'men', name: t('gender.men') },
  { id: 'women', name: t('gender.women') },
];

const graveText = (grave: GraveRecord) => graveName(grave);

/**
 * A grave of the register by its section and number: the section chosen, the number typed finds the graves of that
 * section (the graves list's own search, which reads a number in either digits).
 * @param source the form's field of the grave's id
 * @param sectionSource the form's field of the section (not sent)
 */
export function GraveInput({
  source = 'graveId',
  sectionSource = 'graveSection',
  required = false,
}: {
  source?: string;
  sectionSource?: string;
  required?: boolean;
}) {
  const section = useWatch({ name: sectionSource });
  const { setValue } = useFormContext();
  return (
    <Stack spacing={0.5}>
      <SelectInput
        source={sectionSource}
        label={t('noticesConsole.graveSection')}
        choices={SECTIONS}
        helperText={false}
        onChange={() => setValue(source, null, { shouldDirty: true })}
      />
      <ReferenceInput
        source={source}
        reference="graves"
        filter={section === 'men' || section === 'women' ? { gender: section } : {}}
        sort={{ field: 'number', order: 'ASC' }}
        perPage={20}
      >
        <AutocompleteInput
          label={t('noticesConsole.grave')}
          optionText={graveText}
          inputText={graveText}
          // Answers as the clerk types, the end of the text kept: a last word with no space after it is
          // still being typed, and the register's matcher finds the names it begins.
          debounce={TYPING_PAUSE_MS}
          filterToQuery={(q: string) => (q.trim() ? { q: q.trimStart() } : {})}
          helperText={t('noticesConsole.graveHint')}
          validate={required ? filled : undefined}
          noOptionsText={t('search.noResults')}
        />
      </ReferenceInput>
    </Stack>
  );
}
