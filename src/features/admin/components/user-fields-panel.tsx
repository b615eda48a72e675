import '../i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FieldsEditor } from '../../custom-fields/components/fields-editor';
import type { FieldValues } from '../../custom-fields/form-values';
import { Loading } from '../../records/components/states';
import { useAssignableAgents } from '../../records/components/work/use-assignable-agents';
import { adminHolders as H } from '../admin-slice';
import type { AdminUser } from '../types';

/** One user's custom fields, under the users' table: read and changed by an agent. */
export function UserFieldsPanel({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const set = useAppSelector((state) => state.holders.userFieldSet);
  const values = useAppSelector((state) => state.holders.userFields);
  const save = useAppSelector((state) => state.holders.saveUserFields);
  const agents = useAssignableAgents(
    undefined,
    (set.data?.fields ?? []).some((f) => f.active && f.type === 'agent'),
  );
  useEffect(() => {
    dispatch(H.userFieldSet.actions.requested());
    dispatch(H.saveUserFields.actions.reset());
    dispatch(H.userFields.actions.requested({ id: user.id }));
  }, [dispatch, user.id]);
  const mine = values.data?.id === user.id ? values.data : null;
  const headingId = `user-fields-${user.id}`;
  return (
    <section className="card mb-3" aria-labelledby={headingId}>
      <div className="card-body">
        <div className="d-flex align-items-start mb-2">
          <h2 id={headingId} className="h6 mb-0">
            {t('users.fields.heading', { name: user.fullname })}
          </h2>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary ms-auto"
            onClick={onClose}
          >
            {t('users.fields.close')}
          </button>
        </div>
        {!set.data || !mine ? (
          <Loading />
        ) : (
          <FieldsEditor
            key={user.id}
            idPrefix={`user-cf-${user.id}`}
            definitions={set.data.fields}
            values={mine.fields as FieldValues}
            agents={agents}
            saving={save.loading}
            error={save.error}
            onSave={(changed) =>
              dispatch(
                H.saveUserFields.actions.requested({
                  id: user.id,
                  body: { fields: changed, fields_version: set.data!.version },
                }),
              )
            }
          />
        )}
      </div>
    </section>
  );
}
