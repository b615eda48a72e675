import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { navigationSearchQuerySet } from '../search-slice';

/**
 * The topbar's search box: Enter sets the current navigation search query and opens
 * /search?q=…&type=… with the search query type (default 'C'). On a phone it unfolds under the
 * header (`autoFocus`), and folds again on a search or Escape (`onDone`: whether focus goes
 * back to its button).
 */
export function TopbarSearch({
  autoFocus = false,
  onDone,
}: {
  autoFocus?: boolean;
  onDone?: (returnFocus: boolean) => void;
}) {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const type = useAppSelector((state) => state.search.searchQueryType);
  const [text, setText] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    dispatch(navigationSearchQuerySet(q));
    void navigate(`/search?${new URLSearchParams({ q, type }).toString()}`);
    onDone?.(false);
  };
  return (
    <form
      role="search"
      aria-label={t('topbarSearch.label')}
      className="topbar-search"
      onSubmit={onSubmit}
    >
      <label htmlFor="topbar-search" className="visually-hidden">
        {t('topbarSearch.input')}
      </label>
      <input
        id="topbar-search"
        type="search"
        className="form-control form-control-sm"
        placeholder={t('topbarSearch.placeholder')}
        value={text}
        maxLength={200}
        // Unfolded by its own button on a phone: typing starts at once.
        autoFocus={autoFocus}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && onDone) {
            event.preventDefault();
            onDone(true);
          }
        }}
      />
    </form>
  );
}
