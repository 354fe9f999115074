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
 * Typed in either digits, in Hijri too, or picked from an Arabic calendar; the form holds the Gregorian YYYY-MM-DD.
 * @param latest the latest date the picker offers (the register's today); the server has the last word.
 */
export function BurialDateInput({ latest }: { latest?: string }) {
  return <ArabicDateInput source="burialDate" label={t('burial.date')} validate={filled} latest={latest} />;
}
