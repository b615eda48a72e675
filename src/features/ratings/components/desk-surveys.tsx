import '../i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Alert } from '../../../lib/form-field';
import { ErrorState, Loading } from '../../records/components/states';
import { ratingsHolders } from '../ratings-slice';

const H = ratingsHolders;

/**
 * On the administrators' help desks page: each ticket desk's satisfaction survey, on or off
 * (GET/PUT /api/admin/satisfaction/, docs/satisfaction.md). A switch saves at once.
 */
export function DeskSurveys() {
  const { t } = useTranslation('ratings');
  const dispatch = useAppDispatch();
  const list = useAppSelector((state) => state.holders.deskSurveys);
  const save = useAppSelector((state) => state.holders.setDeskSurvey);

  useEffect(() => {
    dispatch(H.deskSurveys.actions.requested());
    return () => {
      dispatch(H.setDeskSurvey.actions.reset());
    };
  }, [dispatch]);

  const desks = list.data?.desks ?? [];
  let body: React.ReactNode;
  if (list.loading && !list.data) body = <Loading />;
  else if (list.error && !list.data)
    body = (
      <ErrorState
        message={t('surveys.loadFailed')}
        onRetry={() => dispatch(H.deskSurveys.actions.requested())}
      />
    );
  else if (desks.length === 0) body = <p className="text-body-secondary">{t('surveys.empty')}</p>;
  else
    body = (
      <div className="table-responsive">
        <table className="table align-middle">
          <caption className="visually-hidden">{t('surveys.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('surveys.desk')}</th>
              <th scope="col">{t('surveys.survey')}</th>
            </tr>
          </thead>
          <tbody>
            {desks.map((d) => (
              <tr key={d.id}>
                <td>{d.parent_id === null ? d.name : `— ${d.name}`}</td>
                <td>
                  <div className="form-check form-switch mb-0">
                    <input
                      className="form-check-input"
                      type="checkbox"
                      role="switch"
                      id={`desk-survey-${d.id}`}
                      checked={d.survey}
                      disabled={save.loading}
                      aria-label={t('surveys.switchNamed', { name: d.name })}
                      onChange={(e) =>
                        dispatch(
                          H.setDeskSurvey.actions.requested({ id: d.id, survey: e.target.checked }),
                        )
                      }
                    />
                    <label className="form-check-label" htmlFor={`desk-survey-${d.id}`}>
                      {d.survey ? t('surveys.on') : t('surveys.off')}
                    </label>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <section className="mt-4" aria-labelledby="desk-surveys-heading">
      <h2 id="desk-surveys-heading" className="h5">
        {t('surveys.heading')}
      </h2>
      <p>{t('surveys.intro')}</p>
      {save.error && save.error.status !== 404 && <Alert kind="danger">{save.error.message}</Alert>}
      {body}
    </section>
  );
}

export default DeskSurveys;
