// The settings form's one shape of field: a text field as wide as its column that hands on what is typed, written
// left to right when it holds an address, an e-mail or a phone.
import type { ReactNode } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';

interface SettingsFieldProps {
  id: string;
  label: string;
  value: string;
  onText: (value: string) => void;
  /** An address, an e-mail or a phone: written left to right. */
  ltr?: boolean;
  /** As wide as its column unless said otherwise. */
  fullWidth?: boolean;
  type?: string;
  placeholder?: string;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  multiline?: boolean;
  minRows?: number;
  select?: boolean;
  children?: ReactNode;
  sx?: TextFieldProps['sx'];
  slotProps?: TextFieldProps['slotProps'];
}

export function SettingsField({ onText, ltr = false, fullWidth = true, slotProps, ...field }: SettingsFieldProps) {
  return (
    <TextField
      {...field}
      onChange={(e) => onText(e.target.value)}
      slotProps={ltr ? { htmlInput: { dir: 'ltr' } } : slotProps}
      fullWidth={fullWidth}
    />
  );
}
