// The section pages' search, in the browser, with the register's one name matcher (src/domain/search/names): the
// same rule and the same order as /api/search. Each grave's names are indexed once per list, lazily or a slice at
// a time after the list is shown, so a keystroke only matches.
import { compareMatches, indexName, matchGrave, prepareQuery, type IndexedName } from '../domain/search/names';
import type { Grave } from '../domain/types';

const indexed = new WeakMap<ReadonlyArray<Grave>, IndexedName[][]>();

/** Indexes the names of the first `upTo` graves of the list (those already indexed are kept); how many are done. */
export function indexGraves(list: ReadonlyArray<Grave>, upTo: number): number {
  let names = indexed.get(list);
  if (!names) indexed.set(list, (names = []));
  while (names.length < Math.min(upTo, list.length)) {
    names.push(list[names.length]!.buriedPersons.map((person) => indexName(person.name)));
  }
  return names.length;
}

const newest = (grave: Grave) => grave.buriedPersons[0]?.burialDate ?? '';

/**
 * The graves of the list that match the search, best first: by how their best person matched (exact, folded,
 * spoken, latin, typo; words in order; the grave number equal before contained), then the most recent burial.
 * An empty search gives the list as it is.
 */
export function searchGraves(list: ReadonlyArray<Grave>, term: string): ReadonlyArray<Grave> {
  if (prepareQuery(term) === null) return list;
  // Indexed before the query is read: its words are split or joined by the words the names hold.
  indexGraves(list, list.length);
  const query = prepareQuery(term)!;
  const names = indexed.get(list)!;
  const hits: Array<{ grave: Grave; score: number }> = [];
  list.forEach((grave, i) => {
    const match = matchGrave(query, grave.number, names[i]!, {
      gender: grave.gender,
      dates: grave.buriedPersons.map((p) => p.burialDate),
    });
    if (match) hits.push({ grave, score: match.best.score });
  });
  hits.sort((a, b) => compareMatches(a, b) || newest(b.grave).localeCompare(newest(a.grave)));
  return hits.map((hit) => hit.grave);
}
