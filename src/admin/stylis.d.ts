// stylis ships no types; the console needs only its prefixer plugin (for the emotion cache).
declare module 'stylis' {
  import type { StylisPlugin } from '@emotion/cache';
  export const prefixer: StylisPlugin;
}
