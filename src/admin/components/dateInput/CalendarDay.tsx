// One day of the date field's month grid: a round button, the month's one day in the tab order.
import { ButtonBase } from '@mui/material';
import { formatBurialDate } from '../../../domain/dates/dateText';
import { toArabicDigits } from '../../../domain/text/format';
import { TOUCH_MEDIA } from '../../theme';
import { dayInMonth, type CalendarKind } from '../calendarDates';

interface DayProps {
  date: string;
  calendar: CalendarKind;
  focused: boolean;
  selected: boolean;
  today: boolean;
  disabled: boolean;
  onPick: () => void;
}

export function CalendarDay({ date, calendar, focused, selected, today, disabled, onPick }: DayProps) {
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
