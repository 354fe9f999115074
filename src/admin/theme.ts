// The console's MUI theme: right-to-left, the public site's Arabic web font, the register's green.
import { defaultTheme, type RaThemeOptions } from 'react-admin';

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

export const FONT_FAMILY = '"Noto Kufi Arabic", "Segoe UI", Tahoma, sans-serif';

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
  components: {
    ...defaultTheme.components,
    MuiSvgIcon: {
      styleOverrides: {
        root: { [POINTING_ICONS]: { transform: 'scaleX(-1)' } },
      },
    },
  },
};
