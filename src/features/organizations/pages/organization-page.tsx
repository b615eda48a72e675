import '../i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useConfirm } from '../../../lib/confirm-dialog';
import { usePageTitle } from '../../../lib/page-title';
import { TICKET } from '../../records/kinds';
import { ErrorState, Loading, NotFoundMessage } from '../../records/components/states';
import { FieldsEditor } from '../../custom-fields/components/fields-editor';
import type { FieldValues } from '../../custom-fields/form-values';
import { useAssignableAgents } from '../../records/components/work/use-assignable-agents';
import { OrganizationForm } from '../components/organization-form';
import { organizationsHolders } from '../organizations-slice';
import { openCount } from '../types';

const H = organizationsHolders;

/** /organizations/{id} (agents): an organization's fields and notes, members and tickets. */
export default function OrganizationPage() {
  const { t } = useTranslation('organizations');
  const dispatch = useAppDispatch();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id >= 1;
  const holder = useAppSelector((state) => state.holders.organization);
  const found = useAppSelector((state) => state.holders.memberSearch);
  const changing = useAppSelector((state) => state.holders.organizationMember.loading);
  const fieldSet = useAppSelector((state) => state.holders.organizationFieldSet);
  const fieldSave = useAppSelector((state) => state.holders.organizationFields);
  const agents = useAssignableAgents(
    undefined,
    (fieldSet.data?.fields ?? []).some((f) => f.active && f.type === 'agent'),
  );
  const details = holder.data?.organization.id === id ? holder.data : null;
  const [text, setText] = useState('');
  const { ask, dialog } = useConfirm();
  const title = details?.organization.name ?? t('title');
  usePageTitle(title, [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('title'), path: '/organizations' },
    { label: title, path: `/organizations/${id}` },
  ]);

  useEffect(() => {
    if (!valid) return;
    dispatch(H.organization.actions.requested({ id }));
    dispatch(H.saveOrganization.actions.reset());
    dispatch(H.memberSearch.actions.reset());
    dispatch(H.organizationFields.actions.reset());
    dispatch(H.organizationFieldSet.actions.requested());
  }, [dispatch, id, valid]);

  if (!valid || holder.error?.status === 404) return <NotFoundMessage />;
  if (!details) {
    if (holder.error)
      return (
        <ErrorState
          message={t('loadError')}
          onRetry={() => dispatch(H.organization.actions.requested({ id }))}
        />
      );
    return <Loading />;
  }
  const o = details.organization;
  const memberIds = new Set(details.members.map((m) => m.id));
  const candidates = text.trim() ? (found.data ?? []).filter((p) => !memberIds.has(p.id)) : [];

  return (
    <div>
      <div className="row g-4">
        <section className="col-lg-6" aria-labelledby="org-fields">
          <h2 id="org-fields" className="h5">
            {t('sections.fields')}
          </h2>
          <OrganizationForm key={`${o.id}-${o.updated_at}`} organization={o} />
          {fieldSet.data && (
            <section aria-labelledby="org-custom-fields" className="mt-4">
              <h3 id="org-custom-fields" className="h6">
                {t('sections.customFields')}
              </h3>
              <FieldsEditor
                key={o.id}
                idPrefix="org-cf"
                definitions={fieldSet.data.fields}
                values={details.fields as FieldValues}
                agents={agents}
                saving={fieldSave.loading}
                error={fieldSave.error}
                onSave={(changed) =>
                  dispatch(
                    H.organizationFields.actions.requested({
                      id: o.id,
                      body: { fields: changed, fields_version: fieldSet.data!.version },
                    }),
                  )
                }
              />
            </section>
          )}
        </section>
        <section className="col-lg-6" aria-labelledby="org-members">
          <h2 id="org-members" className="h5">
            {t('sections.members', { count: details.members.length })}
          </h2>
          {details.members.length === 0 ? (
            <p className="text-body-secondary">{t('noMembers')}</p>
          ) : (
            <ul className="list-group mb-3">
              {details.members.map((m) => (
                <li
                  key={m.id}
                  className="list-group-item d-flex flex-wrap align-items-center gap-2"
                >
                  <span className="me-auto">
                    {m.fullname} <span className="text-body-secondary">{m.email}</span>
                    {m.is_primary && (
                      <span className="badge text-bg-secondary ms-2">{t('primary')}</span>
                    )}
                  </span>
                  {!m.is_primary && (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary"
                      disabled={changing}
                      aria-label={t('makePrimaryNamed', { name: m.fullname })}
                      onClick={() =>
                        dispatch(
                          H.organizationMember.actions.requested({
                            id,
                            user_id: m.id,
                            is_primary: true,
                          }),
                        )
                      }
                    >
                      {t('makePrimary')}
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    disabled={changing}
                    aria-label={t('removeNamed', { name: m.fullname })}
                    onClick={() =>
                      ask({
                        title: t('confirmRemove.title'),
                        text: t('confirmRemove.text', { name: m.fullname, org: o.name }),
                        confirmLabel: t('confirmRemove.confirm'),
                        danger: true,
                        onConfirm: () =>
                          dispatch(
                            H.organizationMember.actions.requested({
                              id,
                              user_id: m.id,
                              remove: true,
                            }),
                          ),
                      })
                    }
                  >
                    {t('remove')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <label htmlFor="org-find-member" className="form-label">
            {t('findMember')}
          </label>
          <input
            id="org-find-member"
            type="search"
            className="form-control mb-2"
            autoComplete="off"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              dispatch(H.memberSearch.actions.requested({ text: event.target.value }));
            }}
          />
          {text.trim() !== '' && found.data && !found.loading && (
            <div role="group" aria-label={t('found')} className="mb-3">
              {candidates.length === 0 ? (
                <p className="text-body-secondary mb-0">{t('noneFound')}</p>
              ) : (
                <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
                  {candidates.map((p) => (
                    <li key={p.id}>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary"
                        disabled={changing}
                        aria-label={t('addNamed', { name: p.fullname })}
                        onClick={() => {
                          dispatch(H.organizationMember.actions.requested({ id, user_id: p.id }));
                          setText('');
                          dispatch(H.memberSearch.actions.reset());
                        }}
                      >
                        {p.fullname}
                        {p.email ? ` (${p.email})` : ''}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </section>
      </div>
      <section aria-labelledby="org-tickets" className="mt-4">
        <h2 id="org-tickets" className="h5">
          {t('sections.tickets')}
        </h2>
        <p className="d-flex flex-wrap gap-3">
          <Link to={`/hd_ticket?company_id=${o.id}&status_group=open`}>
            {t('openTickets', { count: o.open_ticket_count, shown: openCount(o) })}
          </Link>
          <Link to={`/hd_ticket?company_id=${o.id}`}>{t('allTickets')}</Link>
        </p>
        {details.recent_tickets.length === 0 ? (
          <p className="text-body-secondary">{t('noTickets')}</p>
        ) : (
          <div className="table-responsive">
            <table className="table align-middle">
              <caption className="visually-hidden">{t('sections.tickets')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.subject')}</th>
                  <th scope="col">{t('columns.requester')}</th>
                  <th scope="col">{t('columns.status')}</th>
                  <th scope="col">{t('columns.created')}</th>
                </tr>
              </thead>
              <tbody>
                {details.recent_tickets.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <Link to={TICKET.hdDetailsUrl(r.id)}>{r.subject}</Link>
                    </td>
                    <td>{r.requester_name}</td>
                    <td>{r.status_name}</td>
                    <td>{new Date(r.created_at).toLocaleDateString()}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {dialog}
    </div>
  );
}
