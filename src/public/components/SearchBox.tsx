import { useId } from 'react';
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
  return (
    <div className="search-box" role="search">
      <label htmlFor={id} className={label ? 'search-label' : 'visually-hidden'}>
        {label ?? placeholder}
      </label>
      <div className="search-field">
        <SearchIcon />
        <input
          id={id}
          type="search"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    </div>
  );
}
