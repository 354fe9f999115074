// The two fields of a burial (its name and its date), shared by the bury form and the burial edit dialog.
import { required, TextInput, type Validator } from 'react-admin';
import { t } from '../../../domain/messages';
import { TEXT_FIELDS } from '../../../domain/rules/validation';
import { ArabicDateInput } from '../../components/ArabicDateInput';
import { followsTextRules } from '../../components/textRules';

/** The field's message when it is left empty (spaces only count as empty: the server would refuse them). */
const filled: Validator[] = [
  required(t('common.required')),
  (value) => (typeof value === 'string' && value.trim() === '' ? t('common.required') : undefined),
];

export function BurialNameInput() {
  return (
    <TextInput
      source="name"
      label={t('burial.name')}
      validate={[...filled, followsTextRules(TEXT_FIELDS.burialName)]}
    />
  );
}

/**
 * Typed in either digits, in Hijri too, as a month and year or a year alone, or picked from an Arabic calendar: the
 * register's one burial-date reader. The form holds the Gregorian YYYY-MM-DD, or a partial date as the
 * register writes it.
 * @param latest the latest date the picker offers (the register's today); the server has the last word.
 * @param onTyped told when the date is typed or picked anew.
 */
export function BurialDateInput({ latest, onTyped }: { latest?: string; onTyped?: () => void }) {
  return (
    <ArabicDateInput
      source="burialDate"
      label={t('burial.date')}
      validate={filled}
      latest={latest}
      partial
      onTyped={onTyped}
    />
  );
}
