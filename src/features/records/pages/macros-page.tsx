import '../i18n';
import '../workspace-i18n';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Alert, generalError } from '../../../lib/form-field';
import { isOneLine } from '../../../lib/one-line';
import { usePageTitle } from '../../../lib/page-title';
import { textToHtml } from '../../threads/text-html';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { Loading } from '../components/states';
import { useDropdown } from '../components/use-dropdown';
import { htmlToText } from '../components/view/reply-draft';
import { detailsHolders } from '../details-slice';
import type { Macro, MacroWrite } from '../details-types';
import { workHolders } from '../work-slice';
import { isIdle } from '../../../lib/request-holder';

const D = detailsHolders;

interface FormValues {
  name: string;
  body: string;
  status_id: string;
  priority_id: string;
  assignee_id: string;
}

const EMPTY: FormValues = { name: '', body: '', status_id: '', priority_id: '', assignee_id: '' };

const valuesOf = (m: Macro): FormValues => ({
  name: m.name,
  body: htmlToText(m.body),
  status_id: m.status_id === null ? '' : String(m.status_id),
  priority_id: m.priority_id === null ? '' : String(m.priority_id),
  assignee_id: m.assignee_id === null ? '' : String(m.assignee_id),
});

function MacroForm({ macro, onDone }: { macro: Macro | null; onDone: () => void }) {
  const { t } = useTranslation('workspace');
  const dispatch = useAppDispatch();
  const prefix = useId();
  const save = useAppSelector((state) => state.holders.saveMacro);
  const statuses = useDropdown('ticketStatus');
  const priorities = useDropdown('priority');
  const agents = useAppSelector((state) => state.holders.agents);
  const [values, setValues] = useState<FormValues>(macro ? valuesOf(macro) : EMPTY);
  const [nameError, setNameError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const agentsIdle = isIdle(agents);
  useEffect(() => {
    if (agentsIdle) dispatch(workHolders.agents.actions.requested());
  }, [agentsIdle, dispatch]);
  const [seen, setSeen] = useState(save.data);
  if (save.data !== seen) {
    setSeen(save.data);
    if (submitted && save.data) onDone();
  }
  const set = (name: keyof FormValues) => (value: string) =>
    setValues((v) => ({ ...v, [name]: value }));
  const id = (value: string) => (value ? Number(value) : null);
  const serverName = save.error?.fields?.name;
  const selects: [keyof FormValues, string, { value: string; label: string }[]][] = [
    [
      'status_id',
      t('macros.status'),
      (statuses.data ?? []).map((s) => ({ value: String(s.status_id), label: s.status_name })),
    ],
    [
      'priority_id',
      t('macros.priority'),
      (priorities.data ?? []).map((p) => ({
        value: String(p.priority_id),
        label: p.priority_name,
      })),
    ],
    [
      'assignee_id',
      t('macros.assignee'),
      (agents.data ?? []).map((a) => ({ value: String(a.id), label: a.fullname })),
    ],
  ];
  return (
    <form
      noValidate
      className="card card-body mb-3"
      aria-label={macro ? t('macros.edit') : t('macros.new')}
      onSubmit={(e) => {
        e.preventDefault();
        if (!values.name.trim()) {
          setNameError(t('macros.nameRequired'));
          return;
        }
        if (!isOneLine(values.name.trim())) {
          setNameError(t('common:validation.oneLine'));
          return;
        }
        setNameError(null);
        setSubmitted(true);
        const body: MacroWrite = {
          name: values.name.trim(),
          body: values.body.trim() ? textToHtml(values.body) : '',
          status_id: id(values.status_id),
          priority_id: id(values.priority_id),
          assignee_id: id(values.assignee_id),
          category_ids: macro?.category_ids ?? [],
        };
        dispatch(D.saveMacro.actions.requested({ id: macro?.id, values: body }));
      }}
    >
      {generalError(save.error) && !serverName && (
        <Alert kind="danger">{generalError(save.error)}</Alert>
      )}
      <div className="mb-2">
        <label htmlFor={`${prefix}-name`} className="form-label">
          {t('macros.name')}
        </label>
        <input
          id={`${prefix}-name`}
          className={`form-control ${nameError || serverName ? 'is-invalid' : ''}`}
          value={values.name}
          maxLength={100}
          aria-invalid={nameError || serverName ? true : undefined}
          aria-describedby={nameError || serverName ? `${prefix}-name-error` : undefined}
          onChange={(e) => set('name')(e.target.value)}
        />
        {(nameError || serverName) && (
          <div id={`${prefix}-name-error`} className="invalid-feedback">
            {nameError ?? serverName}
          </div>
        )}
      </div>
      <div className="mb-2">
        <label htmlFor={`${prefix}-body`} className="form-label">
          {t('macros.body')}
        </label>
        <textarea
          id={`${prefix}-body`}
          className="form-control"
          rows={4}
          value={values.body}
          onChange={(e) => set('body')(e.target.value)}
        />
      </div>
      <div className="row g-2 mb-3">
        {selects.map(([name, label, options]) => (
          <div className="col-md-4" key={name}>
            <label htmlFor={`${prefix}-${name}`} className="form-label">
              {label}
            </label>
            <select
              id={`${prefix}-${name}`}
              className="form-select"
              value={values[name]}
              onChange={(e) => set(name)(e.target.value)}
            >
              <option value="">{t('macros.unchanged')}</option>
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={save.loading}>
          {t('macros.save')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onDone}>
          {t('macros.cancel')}
        </button>
      </div>
    </form>
  );
}

/** /macros: the helpdesk's canned responses (helpdesk agents only). */
export default function MacrosPage() {
  const { t } = useTranslation('workspace');
  const dispatch = useAppDispatch();
  const list = useAppSelector((state) => state.holders.macroList);
  const [editing, setEditing] = useState<Macro | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<Macro | null>(null);
  usePageTitle(t('macros.title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('macros.title'), path: '/macros' },
  ]);
  useEffect(() => {
    dispatch(D.macroList.actions.requested());
    dispatch(D.saveMacro.actions.reset());
  }, [dispatch]);
  const changes = (m: Macro) =>
    [m.status_name, m.priority_name, m.assignee_name].filter(Boolean).join(' · ') || '—';
  return (
    <div>
      <p className="text-body-secondary">
        {t('macros.intro', {
          placeholders: '{{requester_name}}, {{ticket_id}}, {{agent_name}}',
          interpolation: { escapeValue: false },
        })}
      </p>
      {editing === null && (
        <button
          type="button"
          className="btn btn-primary mb-3"
          onClick={() => {
            dispatch(D.saveMacro.actions.reset());
            setEditing('new');
          }}
        >
          {t('macros.new')}
        </button>
      )}
      {editing !== null && (
        <MacroForm
          key={editing === 'new' ? 'new' : editing.id}
          macro={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {list.loading && !list.data ? (
        <Loading />
      ) : (list.data ?? []).length === 0 ? (
        <p>{t('macros.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th scope="col">{t('macros.name')}</th>
                <th scope="col">{t('macros.changes')}</th>
                <th scope="col">{t('macros.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {(list.data ?? []).map((m) => (
                <tr key={m.id}>
                  <td>{m.name}</td>
                  <td>{changes(m)}</td>
                  <td className="d-flex gap-2">
                    <button
                      type="button"
                      className="btn btn-outline-primary btn-sm"
                      aria-label={`${t('macros.edit')}: ${m.name}`}
                      onClick={() => {
                        dispatch(D.saveMacro.actions.reset());
                        setEditing(m);
                      }}
                    >
                      {t('macros.edit')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline-danger btn-sm"
                      aria-label={`${t('macros.delete')}: ${m.name}`}
                      onClick={() => setToDelete(m)}
                    >
                      {t('macros.delete')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        isOpen={toDelete !== null}
        title={t('macros.delete')}
        text={toDelete ? t('macros.confirmDelete', { name: toDelete.name }) : undefined}
        confirmLabel={t('macros.delete')}
        cancelLabel={t('macros.cancel')}
        danger
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) dispatch(D.removeMacro.actions.requested({ id: toDelete.id }));
          setToDelete(null);
        }}
      />
    </div>
  );
}
