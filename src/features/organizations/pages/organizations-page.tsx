import '../i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useConfirm } from '../../../lib/confirm-dialog';
import { usePageTitle } from '../../../lib/page-title';
import { HolderView } from '../../records/components/states';
import { OrganizationForm } from '../components/organization-form';
import { organizationsHolders } from '../organizations-slice';
import { openCount, type OrganizationDetails } from '../types';

const H = organizationsHolders;

/** /organizations (agents): every organization; administrators create and delete them. */
export default function OrganizationsPage() {
  const { t } = useTranslation('organizations');
  usePageTitle(t('title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('title'), path: '/organizations' },
  ]);
  const dispatch = useAppDispatch();
  const list = useAppSelector((state) => state.holders.organizations);
  const save = useAppSelector((state) => state.holders.saveOrganization);
  const isAdmin = useAppSelector((state) => state.auth.user?.user_is_admin === true);
  const [adding, setAdding] = useState(false);
  const { ask, dialog } = useConfirm();

  useEffect(() => {
    dispatch(H.organizations.actions.requested());
    dispatch(H.saveOrganization.actions.reset());
    return () => {
      dispatch(H.saveOrganization.actions.reset());
    };
  }, [dispatch]);
  // A save that went through closes the form (once per saved answer).
  const [closedFor, setClosedFor] = useState<OrganizationDetails | null>(null);
  if (save.data && save.data !== closedFor) {
    setClosedFor(save.data);
    setAdding(false);
  }

  const body = (
    <HolderView
      holder={list}
      loadError={t('loadError')}
      onRetry={() => dispatch(H.organizations.actions.requested())}
      empty={t('empty')}
    >
      {(organizations) => (
        <div className="table-responsive">
          <table className="table align-middle">
            <caption className="visually-hidden">{t('title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.name')}</th>
                <th scope="col">{t('columns.domains')}</th>
                <th scope="col">{t('columns.members')}</th>
                <th scope="col">{t('columns.openTickets')}</th>
                <th scope="col">{t('columns.sharing')}</th>
                {isAdmin && <th scope="col">{t('columns.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {organizations.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link to={`/organizations/${o.id}`}>{o.name}</Link>
                  </td>
                  <td>{o.domains.join(', ')}</td>
                  <td>{o.member_count}</td>
                  <td>
                    <Link
                      to={`/hd_ticket?company_id=${o.id}&status_group=open`}
                      aria-label={t('openTicketsOf', { count: openCount(o), name: o.name })}
                    >
                      {openCount(o)}
                    </Link>
                  </td>
                  <td>{o.members_see_tickets ? t('sharing.yes') : t('sharing.no')}</td>
                  {isAdmin && (
                    <td>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger"
                        aria-label={t('deleteNamed', { name: o.name })}
                        onClick={() =>
                          ask({
                            title: t('confirmDelete.title'),
                            text: t('confirmDelete.text', { name: o.name }),
                            confirmLabel: t('confirmDelete.confirm'),
                            danger: true,
                            onConfirm: () =>
                              dispatch(H.deleteOrganization.actions.requested({ id: o.id })),
                          })
                        }
                      >
                        {t('delete')}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </HolderView>
  );

  return (
    <div>
      <p>{t('intro')}</p>
      {isAdmin &&
        (adding ? (
          <OrganizationForm
            organization={null}
            onCancel={() => {
              setAdding(false);
              dispatch(H.saveOrganization.actions.reset());
            }}
          />
        ) : (
          <button
            type="button"
            className="btn btn-primary mb-3"
            onClick={() => {
              dispatch(H.saveOrganization.actions.reset());
              setAdding(true);
            }}
          >
            {t('add')}
          </button>
        ))}
      {body}
      {dialog}
    </div>
  );
}
