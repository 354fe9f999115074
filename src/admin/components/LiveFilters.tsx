// A list's filters that answer as the person types. react-admin's filter form waits 500 ms after the last
// keystroke before it changes the list's filter (ra-core's FilterLiveForm; the List's own `debounce` prop does not
// reach it), far beyond the 100 ms a desktop and the 300 ms a phone are allowed from the keystroke to the answers
// drawn; the form here waits TYPING_PAUSE_MS. What it sends is what was typed, its end untrimmed: the register's
// matcher reads a last word without a space after it as still being typed (a prefix), «محمد » as finished.
// The rest is react-admin's: the list keeps its previous rows until the next ones arrive (useListController's
// placeholderData), and a request a newer one supersedes is cancelled (the dataProvider's supportAbortSignal).
import { Children, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { consoleQueryKeys } from '../queries/keys';
import {
  FilterClasses,
  FilterContext,
  FilterForm,
  ListContextProvider,
  removeEmpty,
  useDataProvider,
  useListContext,
  useResourceContext,
  type FilterPayload,
  type ListControllerResult,
} from 'react-admin';

/**
 * How long a search waits for the next keystroke before it asks: long enough to take a burst of keys (a paste, a
 * fast typist's pair of letters) as one question, short enough to leave the server and the drawing most of the
 * 100 ms a desktop is allowed.
 */
export const TYPING_PAUSE_MS = 40;

/**
 * How long a list's answer counts as fresh: the list asked ahead (AskAhead) must not ask again when it is drawn a
 * moment later and finds the answer already there. The List of a LiveFilters takes it as its queryOptions' staleTime;
 * a change made in the console marks the answers stale at once all the same (react-admin's refresh).
 */
export const FRESH_ANSWER_MS = 2_000;

/**
 * The filter inputs of a List (its `filters` prop, as one element): react-admin's filter form, with its wait
 * shortened. ListToolbar hands this element `context: 'form'`; the form is the only context it is drawn in (our
 * lists show every filter, no 'add filter' button).
 */
export function LiveFilters({ children }: { children: ReactNode; context?: 'form' | 'button' }) {
  // As react-admin's <Filter> draws it; FilterForm passes the props it does not name (`debounce`) on to ra-core's
  // FilterLiveForm.
  const live = { className: FilterClasses.form, debounce: TYPING_PAUSE_MS };
  return (
    <FilterContext.Provider value={Children.toArray(children)}>
      <AskAhead>
        <FilterForm {...live} />
      </AskAhead>
    </FilterContext.Provider>
  );
}

/**
 * Asks for the list's first page under the new filter as soon as the form sets it, rather than after the list has
 * been drawn again for it. react-admin keeps the filter in the address: the new address redraws the whole console
 * (menu, links, list), and only then does the list's query start, a third of the time allowed on a desktop and
 * most of it on a phone. The question asked here is the one useListController then asks (ra-core's useGetList: the
 * same key and the same answer), so react-query joins the two into one request, and cancels it like the list's own
 * when a newer one supersedes it. tests/e2e/console-search-typing.test.ts checks that each text is asked once.
 */
function AskAhead({ children }: { children: ReactNode }) {
  const list = useListContext();
  const resource = useResourceContext();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const { setFilters, sort, perPage } = list;
  const value = useMemo<ListControllerResult>(
    () => ({
      ...list,
      setFilters: (filters: FilterPayload, displayedFilters?: unknown, debounce?: boolean) => {
        setFilters(filters, displayedFilters as never, debounce);
        if (!resource || debounce) return;
        // What useListController asks after a filter change: the first page, its order and size, these filters.
        const pagination = { page: 1, perPage };
        const filter = removeEmpty(filters) as FilterPayload;
        void queryClient.prefetchQuery({
          queryKey: consoleQueryKeys.reactAdminList(resource, { pagination, sort, filter }),
          queryFn: ({ signal }) =>
            dataProvider
              .getList(resource, { pagination, sort, filter, signal })
              .then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
          retry: false,
        });
      },
    }),
    [list, setFilters, sort, perPage, resource, dataProvider, queryClient],
  );
  return <ListContextProvider value={value}>{children}</ListContextProvider>;
}
