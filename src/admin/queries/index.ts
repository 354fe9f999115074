// The console's queries, each a named hook that owns its key (keys.ts); pages call the hooks. The planning page's
// and the plate sheets' hooks are imported from their own modules, so that they stay in those pages' code.
export { consoleQueryKeys } from './keys';
export { useRegisterDateTimeFormat, useRegisterSettings, useRegisterToday, useSiteTitle } from './register';
export { useNextGraves, useRecentBurials, useStatistics, useWaiting } from './dashboard';
export { useBury, useMarkFull, useRemoveBurial, useUpdateBurial, type WriteCallbacks } from './graveWrites';
export { useGraveForHeading } from './graves';
