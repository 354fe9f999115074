// Spec screen 7: gender and number; success names the new number and clears the form; errors per section 8.
import { serverMessage } from '../../../api/errorMessage';
import { useState } from 'react';
import { Alert } from '@mui/material';
import {
  Create,
  HttpError,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useNotify,
  type Validator,
} from 'react-admin';
import { t } from '../../../domain/messages';
import { graveNumberInSection } from '../../../domain/text/graveLifeText';
import { checkGraveNumber, isGender } from '../../../domain/rules/validation';
import { fieldRefusal, type GraveRecord } from '../../../dataProvider';
import { GENDER_CHOICES } from './labels';

/** men/women: whole number of at least 1; bones: also a label (the domain's rule, in Arabic). */
const validNumber: Validator = (value, values) => {
  if (value === undefined || value === null || String(value).trim() === '') return undefined;
  const gender = (values as { gender?: unknown }).gender;
  if (!isGender(gender)) return undefined;
  const checked = checkGraveNumber(gender, value);
  return checked.ok ? undefined : t(checked.error);
};

/** The message shown when the server refuses (spec section 8, create grave). */
export function createGraveError(error: unknown): string {
  if (error instanceof HttpError || (error && typeof error === 'object' && 'status' in error)) {
    if ((error as { status: unknown }).status === 400) return serverMessage(error, 'grave.createError400');
  }
  return t('grave.createFailed');
}

export function GraveCreate() {
  const notify = useNotify();
  const [formKey, setFormKey] = useState(0);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <Create<GraveRecord>
      title={t('nav.creategrave')}
      redirect={false}
      sx={{ maxWidth: 720 }}
      transform={(data: { gender: string; number: unknown }) => {
        const checked = isGender(data.gender) ? checkGraveNumber(data.gender, data.number) : null;
        return { gender: data.gender, number: checked?.ok ? checked.value : data.number };
      }}
      mutationOptions={{
        onSuccess: (grave) => {
          const text = t('grave.createSuccess', { number: graveNumberInSection(grave) });
          setResult({ ok: true, text });
          notify(text, { type: 'success' });
          // A fresh form: the fields are cleared for the next grave.
          setFormKey((k) => k + 1);
        },
        // One message for a refused save: under the number when it is about the number (a duplicate, a number
        // out of range: the form shows it there), otherwise a notification.
        onError: (error) => {
          setResult(null);
          if (!fieldRefusal(error)) notify(createGraveError(error), { type: 'error' });
        },
      }}
    >
      <SimpleForm
        disableInvalidFormNotification
        key={formKey}
        defaultValues={{ gender: 'men', number: '' }}
        toolbar={
          <Toolbar>
            <SaveButton label={t('action.add')} />
          </Toolbar>
        }
      >
        <SelectInput source="gender" label={t('grave.gender')} choices={GENDER_CHOICES} validate={required()} />
        <TextInput
          source="number"
          label={t('grave.number')}
          validate={[required(), validNumber]}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        {result && (
          <Alert
            severity={result.ok ? 'success' : 'error'}
            role={result.ok ? 'status' : 'alert'}
            sx={{ width: '100%' }}
          >
            {result.text}
          </Alert>
        )}
      </SimpleForm>
    </Create>
  );
}
