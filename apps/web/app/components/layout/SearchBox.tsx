import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { SEARCH_KEYWORD_MAX } from '@portal/contracts/constants';
import { keywordInPath, normaliseKeyword, searchPath } from '~/lib/search';
import { useShell } from '~/lib/shell';
import { SearchIcon } from './icons';

/** Keyword search (spec 2): at most 20 characters, to `/{prefix}/search/{keyword}`. */
export function SearchBox() {
  const { t } = useTranslation('nav');
  const { site } = useShell();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState(() => keywordInPath(pathname, site));

  useEffect(() => {
    setKeyword(keywordInPath(pathname, site));
  }, [pathname, site]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setKeyword(normaliseKeyword(keyword));
    void navigate(searchPath(site, keyword));
  };

  return (
    <form
      role="search"
      aria-label={t('searchLabel')}
      className="portal-search"
      data-testid="search-box"
      onSubmit={submit}
    >
      <input
        id="portal-search-keyword"
        className="portal-search__input"
        name="keyword"
        type="search"
        value={keyword}
        maxLength={SEARCH_KEYWORD_MAX}
        placeholder={t('searchPlaceholder')}
        aria-label={t('searchLabel')}
        autoComplete="off"
        enterKeyHint="search"
        data-testid="search-input"
        onChange={(event) => setKeyword(event.target.value.slice(0, SEARCH_KEYWORD_MAX))}
      />
      <button
        type="submit"
        className="portal-button portal-button--default portal-button--icon"
        aria-label={t('searchLabel')}
        data-testid="search-submit"
      >
        <SearchIcon />
      </button>
    </form>
  );
}
