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
// below is a few hundred lines over Intl and MUI's own parts.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  Box,
  Button,
  ButtonBase,
  IconButton,
  InputAdornment,
  NativeSelect,
  Popover,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import KeyboardArrowLeftIcon from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import { FieldTitle, InputHelperText, useInput, type Validator } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { formatBurialDate, formatLedgerDate, getCalendarFirst } from '../../domain/dates/dateText';
import { toArabicDigits } from '../../domain/text/format';
import { formatHijri } from '../../domain/dates/hijri';
import { t } from '../../domain/messages';
import { useRegisterToday } from '../queries';
import { TOUCH_MEDIA } from '../theme';
import {
  addDays,
  dateFieldText,
  dayInMonth,
  formValueOf,
  keepHijriMark,
  type DateReading,
  daysOfMonth,
  EARLIEST_DATE,
  isIsoDate,
  monthNames,
  monthOf,
  monthTitle,
  otherCalendarSpan,
  readDateText,
  sameDayIn,
  shiftMonth,
  weekColumn,
  WEEKDAYS,
  yearsOffered,
  type CalendarKind,
  type MonthRef,
} from './calendarDates';

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

/**
 * A value that is not a day is the text as typed (see onType), or a partial date as the register writes it: the
 * reason of a text that is not a date is the field's message.
 */
const readable =
  (partial: boolean): Validator =>
  (value) => {
    if (typeof value !== 'string' || value.trim() === '' || isIsoDate(value)) return undefined;
    const reading = readDateText(value, { partial });
    if (reading.ok) return partial && reading.precision !== 'day' ? undefined : t('burial.dateUnreadable');
    return t(reading.error);
  };

/** What the field shows for a form value: a day in Arabic digits, a partial date as written, else as it is. */
function fieldTextOf(value: string, partial: boolean): string {
  if (isIsoDate(value)) return dateFieldText(value);
  const reading = partial && value !== '' ? readDateText(value, { partial }) : null;
  return reading?.ok ? shownText(reading) : value;
}

/** A date read, as the field writes it back: Arabic digits, a Hijri date in Hijri, «هـ» kept with its year. */
function shownText(reading: Extract<DateReading, { ok: true }>): string {
  if (reading.precision !== 'day') return keepHijriMark(formatLedgerDate(reading.date, reading.precision));
  return reading.hijri ? keepHijriMark(formatHijri(reading.date)) : dateFieldText(reading.date);
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

const clamp = (date: string, latest: string) => (date < EARLIEST_DATE ? EARLIEST_DATE : date > latest ? latest : date);

interface MonthCalendarProps {
  selected: string | null;
  firstCalendar: CalendarKind;
  today: string;
  latest: string;
  onPick: (date: string, calendar: CalendarKind) => void;
  onClose: () => void;
}

/**
 * One month, a row per week from Saturday (the week of ar-EG). The keyboard moves as in the WAI-ARIA date picker
 * dialog: arrows by day and week (right is the day before, in a right-to-left page), Home and End to the week's
 * ends, Page Up and Page Down by month (with Shift by year), Enter or Space picks, Escape closes.
 */
function MonthCalendar({ selected, firstCalendar, today, latest, onPick, onClose }: MonthCalendarProps) {
  const [calendar, setCalendar] = useState<CalendarKind>(firstCalendar);
  const [focused, setFocused] = useState(() => clamp(selected ?? today, latest));
  const view = monthOf(focused, calendar);
  const grid = useRef<HTMLTableElement>(null);
  // Keyboard moves take the focus along; a change of month from the selects leaves it on the select.
  const follow = useRef(true);
  useEffect(() => {
    if (!follow.current) return;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${focused}"]`)?.focus();
  }, [focused, calendar]);

  const move = (date: string | null, takeFocus: boolean) => {
    if (!date) return;
    follow.current = takeFocus;
    setFocused(clamp(date, latest));
  };
  const toMonth = (ref: MonthRef, takeFocus = false) => move(sameDayIn(ref, dayInMonth(focused, calendar)), takeFocus);

  const onGridKey = (event: KeyboardEvent) => {
    const steps: Record<string, number> = {
      ArrowRight: -1,
      ArrowLeft: 1,
      ArrowUp: -7,
      ArrowDown: 7,
      Home: -weekColumn(focused),
      End: 6 - weekColumn(focused),
    };
    if (event.key in steps) move(addDays(focused, steps[event.key]!), true);
    else if (event.key === 'PageUp' || event.key === 'PageDown') {
      const months = (event.key === 'PageUp' ? -1 : 1) * (event.shiftKey ? 12 : 1);
      toMonth(shiftMonth(view, months), true);
    } else return;
    event.preventDefault();
  };

  const days = daysOfMonth(view);
  const cells: Array<string | null> = [...Array<null>(days[0] ? weekColumn(days[0]) : 0).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const years = yearsOffered(calendar, latest);
  const atStart = days[0] !== undefined && days[0] <= EARLIEST_DATE;
  const atEnd = days[days.length - 1] !== undefined && days[days.length - 1]! >= latest;
  const captionId = useId();
  // Where fingers are likely, 44 px high like every other control of the console (theme.ts).
  const selectStyle = {
    flex: 1,
    minWidth: 0,
    '& .MuiNativeSelect-select': { [TOUCH_MEDIA]: { height: 44, boxSizing: 'border-box', py: 0 } },
  } as const;

  return (
    <Stack spacing={1}>
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        color="primary"
        sx={{
          '& .MuiToggleButton-root': { [TOUCH_MEDIA]: { minHeight: 44 } },
          // MUI's grey for the calendar not chosen is too faint to read (axe: colour contrast).
          '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' },
        }}
        value={calendar}
        aria-label={t('dateInput.whichCalendar')}
        onChange={(_event, next: CalendarKind | null) => {
          if (!next) return;
          follow.current = false;
          setCalendar(next);
        }}
      >
        <ToggleButton value="gregorian">{t('dateInput.gregorian')}</ToggleButton>
        <ToggleButton value="hijri">{t('dateInput.hijri')}</ToggleButton>
      </ToggleButtonGroup>
      <Stack direction="row" spacing={0.5} alignItems="center">
        {/* In a right-to-left page the month before lies to the right and its arrow points right. (Arrows the
            theme would mirror are not used: it finds them by data-testid, which production builds leave out.) */}
        <IconButton
          aria-label={t('dateInput.previousMonth')}
          disabled={atStart}
          onClick={() => toMonth(shiftMonth(view, -1))}
        >
          <KeyboardArrowRightIcon />
        </IconButton>
        <NativeSelect
          value={view.month}
          onChange={(event) => toMonth({ ...view, month: Number(event.target.value) })}
          inputProps={{ 'aria-label': t('dateInput.month') }}
          sx={selectStyle}
        >
          {monthNames(calendar).map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          value={view.year}
          onChange={(event) => toMonth({ ...view, year: Number(event.target.value) })}
          inputProps={{ 'aria-label': t('dateInput.year') }}
          sx={selectStyle}
        >
          {years.map((year) => (
            <option key={year} value={year}>
              {toArabicDigits(String(year))}
            </option>
          ))}
        </NativeSelect>
        <IconButton aria-label={t('dateInput.nextMonth')} disabled={atEnd} onClick={() => toMonth(shiftMonth(view, 1))}>
          <KeyboardArrowLeftIcon />
        </IconButton>
      </Stack>
      <Box
        component="table"
        ref={grid}
        aria-labelledby={captionId}
        onKeyDown={onGridKey}
        sx={{
          borderCollapse: 'collapse',
          mx: 'auto',
          '& th': { fontWeight: 500, color: 'text.secondary', p: 0, pb: 0.5 },
        }}
      >
        <Typography component="caption" variant="body2" sx={{ pb: 0.5 }}>
          <span id={captionId}>{monthTitle(view)}</span>
          <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8rem' }}>
            {otherCalendarSpan(view)}
          </Box>
        </Typography>
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th key={weekday.long} scope="col" abbr={weekday.long}>
                <span aria-hidden="true">{weekday.narrow}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((date, d) =>
                date ? (
                  <td key={date} style={{ padding: 0 }}>
                    <Day
                      date={date}
                      calendar={calendar}
                      focused={date === focused}
                      selected={date === selected}
                      today={date === today}
                      disabled={date > latest || date < EARLIEST_DATE}
                      onPick={() => onPick(date, calendar)}
                    />
                  </td>
                ) : (
                  <td key={`empty-${w}-${d}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </Box>
      <Stack direction="row" spacing={1} justifyContent="space-between">
        <Button onClick={() => onPick(today, calendar)} disabled={today > latest}>
          {t('dateInput.today')}
        </Button>
        <Button onClick={onClose}>{t('dateInput.close')}</Button>
      </Stack>
    </Stack>
  );
}

interface DayProps {
  date: string;
  calendar: CalendarKind;
  focused: boolean;
  selected: boolean;
  today: boolean;
  disabled: boolean;
  onPick: () => void;
}

function Day({ date, calendar, focused, selected, today, disabled, onPick }: DayProps) {
  return (
    <ButtonBase
      data-date={date}
      // One day of the month is in the tab order; the arrows move between days.
      tabIndex={focused ? 0 : -1}
      aria-label={formatBurialDate(date)}
      aria-pressed={selected}
      aria-current={today ? 'date' : undefined}
      // aria-disabled, not disabled: the arrows still pass over a day that cannot be picked.
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onPick();
      }}
      sx={{
        width: 40,
        height: 40,
        [TOUCH_MEDIA]: { width: 44, height: 44 },
        borderRadius: '50%',
        fontSize: '0.95rem',
        color: disabled ? 'text.disabled' : selected ? 'primary.contrastText' : 'text.primary',
        bgcolor: selected ? 'primary.main' : 'transparent',
        border: today ? '1px solid' : 'none',
        borderColor: 'primary.main',
        '&:hover': { bgcolor: disabled ? 'transparent' : selected ? 'primary.dark' : 'action.hover' },
        '&.Mui-focusVisible, &:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
      }}
    >
      {toArabicDigits(String(dayInMonth(date, calendar)))}
    </ButtonBase>
  );
}
