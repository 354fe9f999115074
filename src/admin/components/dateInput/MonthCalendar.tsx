// The date field's month grid, Gregorian or Umm al-Qura Hijri, with Arabic month names and digits.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  Box,
  Button,
  IconButton,
  NativeSelect,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import KeyboardArrowLeftIcon from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import { toArabicDigits } from '../../../domain/text/format';
import { t } from '../../../domain/messages';
import { TOUCH_MEDIA } from '../../theme';
import {
  addDays,
  dayInMonth,
  daysOfMonth,
  EARLIEST_DATE,
  monthNames,
  monthOf,
  monthTitle,
  otherCalendarSpan,
  sameDayIn,
  shiftMonth,
  weekColumn,
  WEEKDAYS,
  yearsOffered,
  type CalendarKind,
  type MonthRef,
} from '../calendarDates';
import { CalendarDay } from './CalendarDay';

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
export function MonthCalendar({ selected, firstCalendar, today, latest, onPick, onClose }: MonthCalendarProps) {
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
                    <CalendarDay
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
