// A list's filters that answer as the person types (issue 26): react-admin's filter form waits 500 ms after the last
// keystroke before it changes the list's filter (ra-core's FilterLiveForm; the List's own `debounce` prop does not
// reach it), far beyond the 100 ms a desktop and the 300 ms a phone are allowed from the keystroke to the answers
// drawn. The form here waits TYPING_PAUSE_MS. What it sends is what was typed, its end untrimmed: the register's
// matcher reads a last word without a space after it as still being typed (a prefix), «محمد » as finished.
// The rest is react-admin's: the list keeps its previous rows until the next ones arrive (useListController's
// placeholderData), and a request a newer one supersedes is cancelled (the dataProvider's supportAbortSignal).
import { Children, type ReactNode } from 'react';
import { FilterClasses, FilterContext, FilterForm } from 'react-admin';

/**
 * How long a search waits for the next keystroke before it asks: long enough to take a burst of keys (a paste, a
 * fast typist's pair of letters) as one question, short enough to leave the server and the drawing most of the
 * 100 ms a desktop is allowed.
 */
export const TYPING_PAUSE_MS = 40;

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
      <FilterForm {...live} />
    </FilterContext.Provider>
  );
}
