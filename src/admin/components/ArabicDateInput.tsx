// The console's date field in Arabic, in place of react-admin's DateInput, which is the browser's own
// date field: mm/dd/yyyy in Latin digits and a Gregorian calendar only.
// - The field shows the day first in Arabic-Indic digits (١٥/٣/٢٠٢٤) and reads what a clerk types in either digits,
//   a Hijri date ending with هـ too (calendarDates.ts); under it, the day in full in both calendars.
// - Its button opens a month grid, Gregorian or Umm al-Qura Hijri, with Arabic month names and digits.
// - The form's value is the Gregorian YYYY-MM-DD the API takes. A text that is not a day stays in the field as
//   typed, with the reason under it, and keeps the form from being sent.
// Why a month grid of our own rather than @mui/x-date-pickers: that package is not installed, its line that fits
// MUI 7 (v8) is 680 KB packed / 3.9 MB unpacked, it needs a date library adapter besides, and its one Hijri adapter
// (moment-hijri) brings its own Umm al-Qura table, where the register wants the platform's Intl calendar. The grid
// (./dateInput) is a few hundred lines over Intl and MUI's own parts.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { IconButton, InputAdornment, Popover, TextField } from '@mui/material';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { FieldTitle, InputHelperText, useInput, type Validator } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { formatBurialDate, getCalendarFirst } from '../../domain/dates/dateText';
import { formatHijri } from '../../domain/dates/hijri';
import { t } from '../../domain/messages';
import { useRegisterToday } from '../queries';
import { dateFieldText, formValueOf, keepHijriMark, readDateText, type CalendarKind } from './calendarDates';
import { fieldTextOf, readable, shownText } from './dateInput/dateFieldText';
import { MonthCalendar } from './dateInput/MonthCalendar';

export interface ArabicDateInputProps {
  source: string;
  label: string;
  validate?: Validator | Validator[];
  /** The latest day the calendar offers (default: the register's today); the server has the last word. */
  latest?: string;
  /** false in react-admin's filter bar (it passes false): no line under the field unless it is wrong. */
  helperText?: false;
  size?: 'small' | 'medium';
  /** Read by react-admin's filter bar, not here. */
  alwaysOn?: boolean;
  className?: string;
  /**
   * A burial's date: a month and year or a year alone is taken too, and the form then holds it as the register
   * writes it (2004, 2004-03, «9/1425 هـ»), for the server to read with the same reader.
   */
  partial?: boolean;
  /** Told whenever the text is read anew (the bury form clears a previous refusal of the server). */
  onTyped?: () => void;
}

export function ArabicDateInput({
  source,
  label,
  validate,
  latest,
  helperText,
  size,
  className,
  partial = false,
  onTyped,
}: ArabicDateInputProps) {
  const today = useRegisterToday();
  const last = latest ?? today;
  const validators = [...(Array.isArray(validate) ? validate : validate ? [validate] : []), readable(partial)];
  const {
    field,
    fieldState: { error, invalid },
    id,
    isRequired,
  } = useInput({ source, validate: validators, parse: (value: string) => value });
  const { trigger } = useFormContext();

  const value = typeof field.value === 'string' ? field.value : '';
  const [text, setText] = useState(() => fieldTextOf(value, partial));
  // The value this field last gave the form: any other value (a reset, a filter cleared elsewhere) is shown anew.
  const given = useRef(value);
  useEffect(() => {
    if (value === given.current) return;
    given.current = value;
    setText(fieldTextOf(value, partial));
  }, [value, partial]);
  const give = (next: string) => {
    given.current = next;
    field.onChange(next);
  };

  const onType = (typed: string) => {
    setText(typed);
    onTyped?.();
    if (typed.trim() === '') return give('');
    const reading = readDateText(typed, { partial });
    give(reading.ok ? formValueOf(reading) : typed);
  };
  const reading = text.trim() === '' ? null : readDateText(text, { partial });
  const onBlur = () => {
    // A date read is written back the way the field shows dates (Arabic digits); a text that is not one stays.
    if (reading?.ok) setText(shownText(reading));
    field.onBlur();
    // Told at once, not only when the form is sent.
    if (reading && !reading.ok) void trigger(field.name);
  };

  const fieldBox = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const calendarId = useId();
  const pick = (date: string, calendar: CalendarKind) => {
    setText(calendar === 'hijri' ? keepHijriMark(formatHijri(date)) : dateFieldText(date));
    onTyped?.();
    give(date);
    setOpen(false);
  };

  const said: ReactNode = reading?.ok
    ? keepHijriMark(formatBurialDate(reading.date, reading.precision))
    : t(partial ? 'burialDate.hint' : 'dateInput.hint');
  return (
    <>
      <TextField
        ref={fieldBox}
        id={id}
        name={field.name}
        inputRef={field.ref}
        className={className}
        size={size}
        value={text}
        onChange={(event) => onType(event.target.value)}
        onBlur={onBlur}
        label={<FieldTitle label={label} source={source} isRequired={isRequired} />}
        error={invalid}
        helperText={
          helperText === false && !invalid ? null : <InputHelperText error={error?.message} helperText={said} />
        }
        slotProps={{
          htmlInput: { inputMode: 'text', autoComplete: 'off', spellCheck: false },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={t('dateInput.openCalendar')}
                  aria-haspopup="dialog"
                  aria-expanded={open}
                  aria-controls={open ? calendarId : undefined}
                  onClick={() => setOpen(true)}
                  edge="end"
                >
                  <CalendarMonthIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover
        open={open}
        anchorEl={fieldBox.current}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            id: calendarId,
            role: 'dialog',
            'aria-label': t('dateInput.calendar'),
            sx: { p: 1, width: 340, maxWidth: 'calc(100vw - 32px)' },
          },
        }}
      >
        {open && (
          <MonthCalendar
            selected={reading?.ok ? reading.date : null}
            firstCalendar={reading?.ok && reading.hijri ? 'hijri' : getCalendarFirst()}
            today={today}
            latest={last}
            onPick={pick}
            onClose={() => setOpen(false)}
          />
        )}
      </Popover>
    </>
  );
}
