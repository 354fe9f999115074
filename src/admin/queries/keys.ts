// The keys of the console's own queries, in one place: a hook of this folder reads under its key, and a write
// that makes a read stale names the same key. react-admin's resource queries keep their own keys
// ([resource, 'getOne', …]); the one written here (reactAdminList) is for asking ahead of a list under its key.
import type { BookAsked, PlateChoice } from './asked';
import type { FilterPayload, SortPayload } from 'react-admin';
import type { Gender } from '../../domain/types';

export const consoleQueryKeys = {
  settings: () => ['console', 'settings'] as const,
  /** The village's identity; the settings page's save refreshes it (the tab's title follows at once). */
  identity: () => ['console', 'identity'] as const,
  statistics: () => ['console', 'statistics'] as const,
  recentBurials: () => ['console', 'recentBurials'] as const,
  nextGraves: () => ['console', 'nextGraves'] as const,
  waiting: () => ['console', 'waiting'] as const,
  /** react-admin's own lists of a resource (its getList keys begin with the resource's name). */
  resourceLists: (resource: string) => [resource] as const,
  /** A grave read for a heading only: a failure here must not sit under react-admin's key of the grave's page. */
  graveHeading: (graveId: string) => ['console', 'graveHeading', graveId] as const,
  /** Every photo of a grave (pending ones too), as the staff see them. */
  gravePhotos: (graveId: string) => ['console', 'gravePhotos', graveId] as const,
  /** The warnings stored with a grave's burials. */
  graveWarnings: (graveId: string) => ['graves', 'warnings', graveId] as const,
  /** The numbers of a section's graves, to tell an unknown grave as it is typed. */
  sectionNumbers: (gender: Gender) => ['register', 'sectionNumbers', gender] as const,
  importBatches: () => ['register', 'importBatches'] as const,
  /** The plan's drawing; saving a section's rows makes it stale. */
  planDrawing: () => ['register', 'plan', 'drawing'] as const,
  planRows: () => ['register', 'plan', 'rows'] as const,
  plateSheets: (choice: PlateChoice) => ['register', 'plateSheets', choice] as const,
  registerBook: (asked: BookAsked | null) => ['console', 'registerBook', asked] as const,
  forecast: () => ['console', 'forecast'] as const,
  /** A section's forecast with graves added (the what-if). */
  forecastWithAdded: (section: string, add: number | null) => ['console', 'forecast', section, add] as const,
  yearsInPictures: () => ['console', 'yearsInPictures'] as const,
  /**
   * react-admin's own key of a list's page, as useListController writes it: asking ahead under it (LiveFilters)
   * is joined with the list's own request and answers it.
   */
  reactAdminList: (
    resource: string,
    params: { pagination: { page: number; perPage: number }; sort: SortPayload; filter: FilterPayload },
  ) => [resource, 'getList', { ...params, meta: undefined }] as const,
};
