import '../i18n';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { isOneLine } from '../../../lib/one-line';
import { tagsHolders } from '../tags-slice';
import type { Tag } from '../types';

export const TAG_MAX = 50;

/** What an input's text becomes: an existing tag chosen, or a new name (when allowed). */
export type TagPick = { tag: Tag } | { name: string };

/**
 * A type-ahead over the existing tags (ARIA combobox with a listbox): arrows move through the
 * suggestions, Enter picks the highlighted one, or the typed name when `allowCreate` (offered as
 * "Create …" when no tag has it), Escape closes. The suggestions come from one holder, asked
 * after a short pause in typing.
 */
export function TagInput({
  label,
  onPick,
  allowCreate = false,
  exclude = [],
  error,
  disabled = false,
}: {
  label: string;
  onPick: (pick: TagPick) => void;
  allowCreate?: boolean;
  /** Tags not to offer (already on the record, already in the filter). */
  exclude?: readonly Tag[];
  /** A field message from the server (shown under the input). */
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('tags');
  const dispatch = useAppDispatch();
  const suggestions = useAppSelector((state) => state.holders.tagSuggestions.data);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const name = text.trim();

  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(
      () => dispatch(tagsHolders.tagSuggestions.actions.requested({ q: name, limit: 10 })),
      150,
    );
    return () => window.clearTimeout(timer);
  }, [open, name, dispatch]);

  const excluded = new Set(exclude.map((tag) => tag.id));
  const found = (suggestions ?? []).filter((tag) => !excluded.has(tag.id));
  const exact = found.some((tag) => tag.name.toLowerCase() === name.toLowerCase());
  const tooLong = [...name].length > TAG_MAX;
  const localError = tooLong || !isOneLine(name) ? t('add.tooLong') : undefined;
  const offerNew = allowCreate && name !== '' && !exact && !localError;
  const options: TagPick[] = [...found.map((tag) => ({ tag })), ...(offerNew ? [{ name }] : [])];
  const shown = open && options.length > 0;

  const pick = (choice: TagPick) => {
    onPick(choice);
    setText('');
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (options.length ? (i + 1) % options.length : -1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (options.length ? (i <= 0 ? options.length - 1 : i - 1) : -1));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (shown && active >= 0 && options[active]) pick(options[active]);
      else if (name && !localError) {
        const same = found.find((tag) => tag.name.toLowerCase() === name.toLowerCase());
        if (same) pick({ tag: same });
        else if (allowCreate) pick({ name });
      }
    }
  };

  const message = localError ?? error;
  return (
    <div className="position-relative">
      <label htmlFor={id} className="form-label small mb-1">
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        className={`form-control form-control-sm ${message ? 'is-invalid' : ''}`}
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={message ? `${hintId} ${errorId}` : hintId}
        aria-invalid={message ? true : undefined}
        maxLength={200}
        value={text}
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div id={hintId} className="form-text visually-hidden">
        {t('add.hint')}
      </div>
      {message && (
        <div id={errorId} className="invalid-feedback d-block">
          {message}
        </div>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label={t('suggestions')}
        className={`list-group position-absolute w-100 shadow-sm ${shown ? '' : 'd-none'}`}
        style={{ zIndex: 1050, maxHeight: '14rem', overflowY: 'auto' }}
      >
        {shown &&
          options.map((option, i) => (
            <li
              key={'tag' in option ? option.tag.id : `new-${option.name}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`list-group-item list-group-item-action py-1 small ${i === active ? 'active' : ''}`}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(option);
              }}
            >
              {'tag' in option ? option.tag.name : t('add.create', { name: option.name })}
            </li>
          ))}
      </ul>
    </div>
  );
}
