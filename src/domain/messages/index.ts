// The one messages module: every user-facing Arabic string of the server, the public site and the console.
import { sharedText } from './shared';
import { serverText } from './server';
import { publicText } from './public';
import { adminText } from './admin';

export const messages = { ...sharedText, ...serverText, ...publicText, ...adminText } as const;
export type MessageKey = keyof typeof messages;

/** Fills {placeholders}; values are written as given (format numbers and dates before passing them). */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const text: string = messages[key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
