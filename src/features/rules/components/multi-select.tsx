import type { Option } from '../../records/components/use-dropdown';

/** A labelled pick of one or more options (a native multiple select: keyboard usable). */
export function MultiSelect({
  id,
  label,
  options,
  value,
  onChange,
  error,
  hint,
}: {
  id: string;
  label: string;
  options: Option[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  hint?: string;
}) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <label className="form-label small" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        multiple
        size={Math.min(5, Math.max(2, options.length))}
        className={`form-select form-select-sm${error ? ' is-invalid' : ''}`}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChange(Array.from(e.target.selectedOptions, (o) => o.value))}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}

/** A labelled pick of one option, with an empty first choice ("Choose…"). */
export function SingleSelect({
  id,
  label,
  options,
  value,
  onChange,
  error,
  placeholder,
}: {
  id: string;
  label: string;
  options: Option[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
}) {
  return (
    <div>
      <label className="form-label small" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={`form-select form-select-sm${error ? ' is-invalid' : ''}`}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}

/** A labelled text (or number, date) input with its message beside it. */
export function TextInput({
  id,
  label,
  value,
  onChange,
  error,
  type = 'text',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: string;
}) {
  return (
    <div>
      <label className="form-label small" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}
