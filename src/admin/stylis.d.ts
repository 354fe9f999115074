// stylis ships no types; the console needs only its prefixer plugin (for the emotion cache).
declare module 'stylis' {
  export const prefixer: (...args: unknown[]) => unknown;
}
