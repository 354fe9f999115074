// Issue 28: see corrections.ts / photos.ts. Kept apart so that each page downloads only its own lines.
export const correctionsConsoleText = {} as const;
