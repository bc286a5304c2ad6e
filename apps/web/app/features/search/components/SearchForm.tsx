import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_KEYWORD_MAX } from '@portal/contracts/constants';
import { SEARCH_SUGGEST_MIN, searchSuggest } from '@portal/contracts/search';
import { PortalButton } from '~/components/PortalButton';
import { i18nKey } from '~/lib/forms/form-issues';
import { useCall } from '~/lib/query/use-call';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import { keyProblem, searchHref, type SearchFilters } from '../api/search-filters';

/** How long the box waits after the last keystroke before it asks for suggestions. */
const SUGGEST_DEBOUNCE_MS = 250;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The search page's own box: at most 20 characters (spec 5/9), the kind and time kept when the
 * member searches again, and suggestions (`search.suggest`) once two characters are typed and the
 * member pauses. A combobox: arrows walk the suggestions, Enter opens one, Escape closes them.
 */
export function SearchForm({ filters }: { filters: SearchFilters }) {
  const { t } = useTranslation('search');
  const { site } = useShell();
  const navigate = useNavigate();
  const listId = useId();
  const [value, setValue] = useState(filters.key);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    setValue(filters.key);
    setOpen(false);
    setProblem(null);
  }, [filters.key]);

  const typed = useDebounced(value.trim(), SUGGEST_DEBOUNCE_MS);
  // Only once the member has paused on what the box holds: never a list for what was there before.
  const suggestable =
    open && typed === value.trim() && [...typed].length >= SEARCH_SUGGEST_MIN && keyProblem(typed) === null;
  const suggestions = useCall(searchSuggest, { search_key: typed }, { site, enabled: suggestable });
  const list = suggestable ? (suggestions.data?.list ?? []) : [];
  const expanded = list.length > 0;

  const search = (key: string) => {
    const refused = keyProblem(key);
    setProblem(refused);
    if (refused) return;
    setOpen(false);
    void navigate(searchHref(site.prefix, filters, { key }));
  };

  const choose = (index: number) => {
    const hit = list[index];
    if (!hit) return;
    setOpen(false);
    // A member without a public page is searched by name instead.
    if (hit.url) void navigate(hit.url);
    else search(hit.title.slice(0, SEARCH_KEYWORD_MAX));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (expanded && active >= 0) choose(active);
    else search(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!expanded) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the box itself: the walk goes box, first, …, last, box.
      setActive((i) => {
        const next = i + step;
        return next < -1 ? list.length - 1 : next >= list.length ? -1 : next;
      });
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <form
      role="search"
      className="search-form"
      aria-label={t('ui.heading')}
      onSubmit={submit}
      data-testid="search-form"
    >
      <div className="search-form__field">
        <input
          className="search-form__input"
          type="search"
          role="combobox"
          value={value}
          maxLength={SEARCH_KEYWORD_MAX}
          placeholder={t('ui.placeholder')}
          aria-label={t('ui.boxLabel')}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 && active < list.length ? optionId(active) : undefined}
          aria-invalid={problem ? true : undefined}
          autoComplete="off"
          enterKeyHint="search"
          data-testid="search-page-input"
          onChange={(event) => {
            setValue(event.target.value.slice(0, SEARCH_KEYWORD_MAX));
            setOpen(true);
            setActive(-1);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('ui.suggestions')}
          className="search-suggest"
          hidden={!expanded}
          data-testid="search-suggestions"
        >
          {list.map((hit, index) => (
            <li
              key={`${hit.kind}-${hit.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'search-suggest__item is-active' : 'search-suggest__item'}
              data-testid="search-suggestion"
              // Keeps the focus in the box, so its blur does not close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(index)}
            >
              <span className="search-kind">{t(`kinds.${hit.kind}`)}</span>
              {/* title_html is built by the server from plain text, HTML-escaped, with <em> its only markup
                  (platform/search/search-snippet.ts); nothing stored as HTML reaches it. */}
              <span className="search-suggest__title" dangerouslySetInnerHTML={{ __html: hit.title_html }} />
            </li>
          ))}
        </ul>
      </div>
      <PortalButton variant="primary" htmlType="submit" data-testid="search-page-submit">
        {t('ui.submit')}
      </PortalButton>
      {problem ? (
        <p className="search-form__problem" role="alert" data-testid="search-form-problem">
          {t(i18nKey(problem))}
        </p>
      ) : null}
    </form>
  );
}
