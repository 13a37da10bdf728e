import { useState } from 'react';
import { PAGE_PATHS } from '@toolyard/shared';
import { useLocation, useSearchParams } from 'wouter';
import { searchHref } from '../utils/catalog-links';
import type { SearchCombobox } from './search-combobox';

const loadCombobox = () => import('./search-combobox');
const inputClassName = 'input input-sm w-full';

/**
 * The header's search box, on every page. At first a plain form to /search: the suggestions'
 * code is not in the first download, and arrives when a pointer nears the box or it gets the
 * focus; the combobox then takes over, with the text and the focus.
 */
export function HeaderSearch({ className = '' }: { className?: string }) {
  const [path, navigate] = useLocation();
  const [params] = useSearchParams();
  // On the search page the box shows the words searched for, and follows the address.
  const searched = (path === PAGE_PATHS.search && params.get('q')) || '';
  const [text, setText] = useState(searched);
  const [shown, setShown] = useState(searched);
  if (shown !== searched) {
    setShown(searched);
    setText(searched);
  }
  const [Combobox, setCombobox] = useState<typeof SearchCombobox | null>(null);
  const [focused, setFocused] = useState(false);

  const load = () =>
    void loadCombobox()
      .then((module) => setCombobox(() => module.SearchCombobox))
      // Without the suggestions the plain box still searches.
      .catch(() => {});

  return (
    <div className={className}>
      {Combobox ? (
        <Combobox initial={text} takeFocus={focused} inputClassName={inputClassName} />
      ) : (
        <form
          role="search"
          action="/search"
          onSubmit={(event) => {
            event.preventDefault();
            navigate(searchHref(text.trim()));
          }}
        >
          <input
            type="search"
            name="q"
            aria-label="Search tools"
            placeholder="Search tools"
            autoComplete="off"
            className={inputClassName}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onPointerEnter={load}
            onFocus={() => {
              setFocused(true);
              load();
            }}
            onBlur={() => setFocused(false)}
          />
        </form>
      )}
    </div>
  );
}
