// The notice form's grave: a grave of the register by its section and number.
import { Stack } from '@mui/material';
import { AutocompleteInput, ReferenceInput, SelectInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { t } from '../../../domain/messages';
import { graveName } from '../../../domain/text/graveLifeText';
import type { GraveRecord } from '../../../dataProvider';
import { TYPING_PAUSE_MS } from '../../components/LiveFilters';
import { filled } from './noticeInputs';

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
