// The text input rules (src/domain/text/textRules.ts) as react-admin validators: a form shows the same Arabic reason
// under the field as the server would answer, before anything is sent, and keeps what was typed.
import type { Validator } from 'react-admin';
import { t } from '../../domain/messages';
import { checkTextRules, type TextField } from '../../domain/rules/validation';

/** The field's reason when its text holds a control character or a broken one; nothing otherwise. */
export function followsTextRules(textField: TextField): Validator {
  return (value: unknown) => {
    if (typeof value !== 'string') return undefined;
    const checked = checkTextRules(value, textField);
    return checked.ok ? undefined : t(checked.error);
  };
}
