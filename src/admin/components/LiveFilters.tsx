// A list's filters that answer as the person types. react-admin's filter form waits 500 ms after the last
// keystroke before it changes the list's filter (ra-core's FilterLiveForm; the List's own `debounce` prop does not
// reach it), far beyond the 100 ms a desktop and the 300 ms a phone are allowed from the keystroke to the answers
// drawn; the form here waits TYPING_PAUSE_MS. What it sends is what was typed, its end untrimmed: the register's
// matcher reads a last word without a space after it as still being typed (a prefix), «محمد » as finished.
// The rest is react-admin's: the list keeps its previous rows until the next ones arrive (useListController's
// placeholderData), and a request a newer one supersedes is cancelled (the dataProvider's supportAbortSignal).
import { Children, useMemo, useRef, type ReactNode } from 'react';
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
  const filterValues = useFiltersAsSent(list.filterValues);
  const value = useMemo<ListControllerResult>(
    () => ({
      ...list,
      filterValues: filterValues.current,
      setFilters: (filters: FilterPayload, displayedFilters?: unknown, debounce?: boolean) => {
        setFilters(filters, displayedFilters as never, debounce);
        const filter = removeEmpty(filters) as FilterPayload;
        filterValues.sent(filter);
        if (!resource || debounce) return;
        // What useListController asks after a filter change: the first page, its order and size, these filters.
        const pagination = { page: 1, perPage };
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
    [list, filterValues, setFilters, sort, perPage, resource, dataProvider, queryClient],
  );
  return <ListContextProvider value={value}>{children}</ListContextProvider>;
}

/**
 * The list's filters as the form should see them: the newest the form has sent until the list's address has caught
 * up with it. react-admin's form puts the list's filters back into its inputs when they change, unless a key was
 * pressed since the last change; with one such mark for any number of changes on their way, a slow phone (the
 * address of «نصحي ط» arriving after «نصحي طل» was sent and «نصحي طلع» typed) had the box written back to an older
 * text and the letters typed since lost. Here the addresses of the form's own older searches are not passed on; a
 * change made elsewhere (a link to a filtered list, the browser's back button) is, as it was.
 */
function useFiltersAsSent(arrived: FilterPayload) {
  /** What the form sent whose address has not come back yet, oldest first, as sameFilters compares them. */
  const waiting = useRef<string[]>([]);
  const key = sameFilters(arrived);
  return useMemo(() => {
    const at = waiting.current.indexOf(key);
    // Ours: the newest sent stands; the older ones will not come back after this one.
    if (at >= 0) waiting.current = waiting.current.slice(at);
    else waiting.current = [];
    return {
      current: JSON.parse(waiting.current.at(-1) ?? key) as FilterPayload,
      sent: (filters: FilterPayload) => {
        waiting.current.push(sameFilters(filters));
      },
    };
    // Recomputed when the list's filters change in value, not in identity (react-admin builds them on each draw).
  }, [key]);
}

/** Filters as one text, whatever the order their keys were set in. */
function sameFilters(filters: FilterPayload): string {
  return JSON.stringify(Object.fromEntries(Object.entries(filters ?? {}).sort(([a], [b]) => (a < b ? -1 : 1))));
}
