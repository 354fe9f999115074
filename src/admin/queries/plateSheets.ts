// The graves the plate sheets draw: some chosen by id, or a section's range of numbers.
import { useQuery } from '@tanstack/react-query';
import { type DataProvider, useDataProvider } from 'react-admin';
import type { GraveRecord } from '../../dataProvider';
import { inNumberRange } from '../../domain/plan/plateSheet';
import type { Gender } from '../../domain/types';
import type { PlateChoice } from './asked';
import { consoleQueryKeys } from './keys';

/** The graves one list request reads (the server's largest page). */
export const PLATES_PAGE = 1000;

export type Plate = Pick<GraveRecord, 'id' | 'number' | 'gender'>;

/** The graves of a section whose numbers lie in the range, by number (the list comes ordered by number). */
async function gravesInRange(dataProvider: DataProvider, gender: Gender, from: number, to: number): Promise<Plate[]> {
  const found: Plate[] = [];
  for (let page = 1; ; page++) {
    const { data, total } = await dataProvider.getList<GraveRecord>('graves', {
      filter: { gender },
      sort: { field: 'number', order: 'ASC' },
      pagination: { page, perPage: PLATES_PAGE },
    });
    found.push(...data.filter((g) => inNumberRange(g.number, from, to)));
    const last = data.at(-1);
    if (data.length < PLATES_PAGE || page * PLATES_PAGE >= (total ?? 0)) break;
    // Men's and women's numbers are whole numbers in order: past the range's end nothing more can be in it.
    if (gender !== 'bones' && last && Number(last.number) > to) break;
  }
  return found;
}

/** The chosen graves, in the order of their numbers. */
async function gravesByIds(dataProvider: DataProvider, ids: string[]): Promise<Plate[]> {
  const { data } = await dataProvider.getList<GraveRecord>('graves', {
    filter: { id: ids.slice(0, PLATES_PAGE) },
    sort: { field: 'number', order: 'ASC' },
    pagination: { page: 1, perPage: PLATES_PAGE },
  });
  return data;
}

/** The graves whose plates the page draws (nothing asked while nothing is chosen). */
export function usePlateGraves(choice: PlateChoice) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: consoleQueryKeys.plateSheets(choice),
    enabled: choice.kind !== 'none',
    queryFn: () =>
      choice.kind === 'ids'
        ? gravesByIds(dataProvider, choice.ids)
        : choice.kind === 'range'
          ? gravesInRange(dataProvider, choice.gender, choice.from, choice.to)
          : Promise.resolve([]),
  });
}
