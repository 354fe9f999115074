import { useId, useLayoutEffect, useRef } from 'react';
import { SearchIcon } from './Icons';

interface Props {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label?: string;
}

/** A labelled search input (the label is for screen readers when the placeholder says it all). */
export function SearchBox({ value, onChange, placeholder, label }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // A page drawn on the server shows this box before the script has arrived, and a visitor may already type in it:
  // once React has taken the page over, what was typed becomes the search rather than being wiped.
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  useLayoutEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== latest.current.value) latest.current.onChange(typed);
  }, []);
  // On a phone the keyboard covers the lower half of the screen: the box goes to the top as it is focused, so the
  // answers drawn under it stay in sight.
  const toTop = () => {
    if (matchMedia('(max-width: 40em)').matches) input.current?.closest('.search-box')?.scrollIntoView();
  };
  return (
    <div className="search-box" role="search">
      <label htmlFor={id} className={label ? 'search-label' : 'visually-hidden'}>
        {label ?? placeholder}
      </label>
      <div className="search-field">
        <SearchIcon />
        <input
          ref={input}
          id={id}
          type="search"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
          onFocus={toTop}
        />
      </div>
    </div>
  );
}
