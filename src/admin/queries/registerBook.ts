// A year's register book as the server writes it.
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import type { BookLine } from '../../domain/statistics/registerBook';
import { getToken } from '../../shared/session';
import type { BookAsked } from './asked';
import { consoleQueryKeys } from './keys';

export interface Book {
  title: string;
  cemetery: string;
  lines: BookLine[];
  totals: string[];
}

/** The book asked for (nothing asked while `asked` is null). */
export function useRegisterBook(asked: BookAsked | null) {
  return useQuery({
    queryKey: consoleQueryKeys.registerBook(asked),
    enabled: asked !== null,
    queryFn: () => {
      const query = new URLSearchParams({ year: String(asked!.year), calendar: asked!.calendar });
      if (asked!.section) query.set('section', asked!.section);
      return call<Book>(`/register-book?${query.toString()}`, { token: getToken() });
    },
  });
}
