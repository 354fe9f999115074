// The console's MUI theme: right-to-left, the public site's Arabic web font, the register's green.
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { t } from '../domain/messages';
import { raArabic } from './i18n/raArabic';

/** Icons that point: MUI does not flip them in RTL, so they are mirrored here (pagination flips its own). */
const POINTING_ICONS = [
  'ArrowBack',
  'ArrowForward',
  'ChevronLeft',
  'ChevronRight',
  'KeyboardBackspace',
  'Send',
  'Logout',
  'ExitToApp',
]
  .map((name) => `&[data-testid="${name}Icon"]`)
  .join(', ');

/**
 * Where fingers, not a mouse, are likely: below MUI's `md` breakpoint (the width at which the lists turn into cards)
 * or on a coarse pointer. There every control is at least 44 px high and wide (WCAG 2.5.5); a desktop with a mouse
 * keeps react-admin's denser sizes.
 */
export const TOUCH_MEDIA = '@media (max-width:899.95px), (pointer: coarse)';
const TOUCH_TARGET = 44;
const touch = (style: Record<string, unknown>) => ({ root: { [TOUCH_MEDIA]: style } });

/** react-admin's own Arabic words for the controls MUI labels in English unless told (pagination, autocomplete). */
const { navigation, action } = raArabic.ra;
const navigationLabel = (type: string): string => {
  const label = (navigation as Record<string, unknown>)[type];
  return typeof label === 'string' ? label : navigation.page;
};

export const FONT_FAMILY = '"Noto Kufi Arabic", "Segoe UI", Tahoma, sans-serif';

/**
 * A person who asked their system for less motion (prefers-reduced-motion, read when the console starts) gets the
 * console without its slides, fades, growing menus and ripples: each appears at once where it ends. The progress
 * bars and spinners still turn: they say that something is under way.
 */
const REDUCED_MOTION = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
const NO_MOTION = {
  create: () => 'none',
  duration: {
    shortest: 0,
    shorter: 0,
    short: 0,
    standard: 0,
    complex: 0,
    enteringScreen: 0,
    leavingScreen: 0,
  },
};

export const rtlTheme: RaThemeOptions = {
  ...defaultTheme,
  direction: 'rtl',
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#2f5d50' },
    secondary: { main: '#7a5c2e' },
    success: { main: '#1b5e20' },
    error: { main: '#b71c1c' },
  },
  typography: {
    ...defaultTheme.typography,
    fontFamily: FONT_FAMILY,
  },
  ...(REDUCED_MOTION ? { transitions: NO_MOTION } : {}),
  components: {
    ...defaultTheme.components,
    ...(REDUCED_MOTION ? { MuiButtonBase: { defaultProps: { disableRipple: true } } } : {}),
    MuiSvgIcon: {
      styleOverrides: {
        root: { [POINTING_ICONS]: { transform: 'scaleX(-1)' } },
      },
    },
    MuiButton: { styleOverrides: touch({ minHeight: TOUCH_TARGET, minWidth: TOUCH_TARGET }) },
    MuiIconButton: { styleOverrides: touch({ minHeight: TOUCH_TARGET, minWidth: TOUCH_TARGET }) },
    MuiToggleButton: { styleOverrides: touch({ minHeight: TOUCH_TARGET, minWidth: TOUCH_TARGET }) },
    MuiPaginationItem: { styleOverrides: touch({ minHeight: TOUCH_TARGET, minWidth: TOUCH_TARGET }) },
    MuiMenuItem: { styleOverrides: touch({ minHeight: TOUCH_TARGET }) },
    MuiListItemButton: { styleOverrides: touch({ minHeight: TOUCH_TARGET }) },
    MuiInputBase: { styleOverrides: touch({ minHeight: TOUCH_TARGET }) },
    // The spinners react-admin shows while a list reloads are progress bars: a screen reader hears what they are.
    MuiCircularProgress: { defaultProps: { 'aria-label': t('admin.loading') } },
    // react-admin labels its pagination's buttons only on a wide screen; on a phone MUI's own English ("Go to next
    // page") was read aloud and shown as a tooltip. The same for the autocomplete's buttons ("Clear", "Open").
    MuiTablePagination: {
      defaultProps: { getItemAriaLabel: (type: 'first' | 'last' | 'next' | 'previous') => navigationLabel(type) },
    },
    MuiPagination: {
      defaultProps: {
        getItemAriaLabel: (type: string, page: number | null) =>
          type === 'page' ? navigation.page.replace('{page}', String(page ?? '')) : navigationLabel(type),
      },
    },
    MuiAutocomplete: {
      defaultProps: {
        clearText: action.clear_input_value,
        openText: action.open,
        closeText: action.close,
        noOptionsText: t('admin.noOptions'),
        loadingText: t('admin.loading'),
      },
    },
  },
};
