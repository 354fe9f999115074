// The notice form's places of condolences: any number of them, each with whom it receives, its days and its hours.
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import AddIcon from '@mui/icons-material/Add';
import { SelectInput, TextInput, type Validator } from 'react-admin';
import { useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { t } from '../../../domain/messages';
import { CONDOLENCE_FOR, type Condolence } from '../../../domain/notices/notice';
import { TEXT_FIELDS } from '../../../domain/rules/validation';
import { ArabicDateInput } from '../../components/ArabicDateInput';
import { addDays, isIsoDate } from '../../components/calendarDates';
import { followsTextRules } from '../../components/textRules';
import { filled } from './noticeInputs';

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
