import '../i18n';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { auditHolders } from '../audit-slice';
import type { AuditUser } from '../types';

const SHOWN = 10;

const labelOf = (u: AuditUser) => `${u.fullname} (${u.email})`;

/**
 * The audit filter's user: a type-ahead over the users by name or email (ARIA combobox with a
 * listbox; the administrators' user list answers it, asked by the saga once typing pauses).
 * Arrows move through the users found, Enter or a click picks one, Escape closes; typing again
 * drops the pick.
 */
export function UserPicker({
  value,
  onChange,
}: {
  value: AuditUser | null;
  onChange: (user: AuditUser | null) => void;
}) {
  const { t } = useTranslation('audit');
  const dispatch = useAppDispatch();
  const found = useAppSelector((state) => state.holders.auditUsers);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;

  const asked = text.trim();
  const options = asked ? (found.data ?? []).slice(0, SHOWN) : [];
  const shown = open && asked !== '' && !value;
  const withOptions = shown && options.length > 0;

  const pick = (user: AuditUser) => {
    onChange(user);
    setText('');
    setOpen(false);
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
    } else if (event.key === 'Enter' && withOptions && options[active]) {
      // Enter picks the highlighted user; without one it sends the form as usual.
      event.preventDefault();
      pick(options[active]);
    }
  };

  return (
    <div className="mb-3 position-relative">
      <label htmlFor={id} className="form-label">
        {t('filters.user')}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        className="form-control"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={withOptions}
        aria-controls={listId}
        aria-activedescendant={withOptions && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={hintId}
        maxLength={100}
        value={value ? labelOf(value) : text}
        onChange={(event) => {
          const next = value ? '' : event.target.value;
          if (value) onChange(null);
          setText(next);
          setOpen(true);
          setActive(-1);
          if (next.trim())
            dispatch(auditHolders.auditUsers.actions.requested({ text: next.trim() }));
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div id={hintId} className="form-text">
        {t('filters.userHint')}
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('filters.usersFound')}
        className={`list-group position-absolute w-100 shadow-sm ${withOptions ? '' : 'd-none'}`}
        style={{ zIndex: 1050, maxHeight: '16rem', overflowY: 'auto' }}
      >
        {withOptions &&
          options.map((user, i) => (
            <li
              key={user.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`list-group-item list-group-item-action py-1 small ${i === active ? 'active' : ''}`}
              onMouseDown={(event) => {
                // Before the input's blur closes the list.
                event.preventDefault();
                pick(user);
              }}
            >
              {labelOf(user)}
            </li>
          ))}
      </ul>
      {shown && !found.loading && found.data && options.length === 0 && (
        <div className="form-text" role="status">
          {t('filters.noUsers')}
        </div>
      )}
    </div>
  );
}
