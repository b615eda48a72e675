import '../i18n';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { ErrorInfo } from '../../../lib/types';
import type { CustomField } from '../../custom-fields/types';
import { toAutomationValues, toPreviewBody, type RuleValues } from '../rule-model';
import { rulesHolders } from '../rules-slice';
import type { Automation } from '../types';
import type { Lookups } from '../use-lookups';
import { RuleEditor, conditionProblem, tagIdsOf } from './trigger-editor';

/** How many open tickets the rule as it stands matches now, and the first ten (asked as it changes). */
function MatchPreview({ values, fields }: { values: RuleValues; fields: CustomField[] }) {
  const { t } = useTranslation('rules');
  const dispatch = useAppDispatch();
  const preview = useAppSelector((s) => s.holders.previewAutomation);
  const body = useMemo(
    () => toPreviewBody(values, fields, (c) => conditionProblem(c) === null),
    [values, fields],
  );
  const key = body ? JSON.stringify(body) : null;
  // Asked at each change; the saga waits until the conditions stay unchanged.
  useEffect(() => {
    if (key === null) return;
    dispatch(rulesHolders.previewAutomation.actions.requested(JSON.parse(key) as never));
  }, [dispatch, key]);
  useEffect(
    () => () => {
      dispatch(rulesHolders.previewAutomation.actions.reset());
    },
    [dispatch],
  );

  let content: React.ReactNode;
  if (key === null)
    content = <p className="mb-0 text-body-secondary">{t('automations.preview.incomplete')}</p>;
  else if (preview.loading || (!preview.data && !preview.error))
    content = (
      <p className="mb-0">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        {t('automations.preview.loading')}
      </p>
    );
  else if (preview.error)
    content = (
      <div className="alert alert-danger mb-0" role="alert">
        {t('automations.preview.error')}{' '}
        {preview.error.fields
          ? Object.values(preview.error.fields).join(' ')
          : (preview.error.message ?? '')}
      </div>
    );
  else if (preview.data) {
    const { count, more, tickets } = preview.data;
    content = (
      <>
        <p className="mb-2">
          {more
            ? t('automations.preview.countMore', { count })
            : t('automations.preview.count', { count })}
        </p>
        {tickets.length > 0 && (
          <>
            {count > tickets.length && (
              <p className="small text-body-secondary mb-1">{t('automations.preview.firstTen')}</p>
            )}
            <ul className="mb-0">
              {tickets.map((x) => (
                <li key={x.id}>
                  <Link to={`/hd_ticket/details?hdTicketId=${x.id}`}>
                    #{x.id} {x.subject}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </>
    );
  }
  return (
    <section className="border rounded p-2 mb-3" aria-labelledby="automation-preview-title">
      <h3 className="h6" id="automation-preview-title">
        {t('automations.preview.title')}
      </h3>
      <div aria-live="polite" aria-busy={preview.loading}>
        {content}
      </div>
    </section>
  );
}

/** Create, edit (administrators) or read (agents) a time-based rule, with the matching tickets. */
export function AutomationEditor({
  automation,
  readOnly,
  ...rest
}: {
  automation: Automation | null;
  readOnly: boolean;
  lookups: Lookups;
  fields: CustomField[];
  saving: boolean;
  error: ErrorInfo | null;
  onSave: (values: RuleValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('rules');
  const initialValues = useMemo(() => toAutomationValues(automation), [automation]);
  const tagIds = useMemo(() => tagIdsOf(automation), [automation]);
  let title = t('automations.newTitle');
  if (automation)
    title = t(readOnly ? 'automations.viewTitle' : 'automations.editTitle', {
      name: automation.name,
    });
  return (
    <RuleEditor
      kind="automation"
      title={title}
      isNew={!automation}
      initialValues={initialValues}
      tagIds={tagIds}
      readOnly={readOnly}
      preview={(values) => <MatchPreview values={values} fields={rest.fields} />}
      {...rest}
    />
  );
}
