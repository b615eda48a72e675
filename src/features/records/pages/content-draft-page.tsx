import '../i18n';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CONTENT } from '../kinds';
import { RecordFormPage } from '../components/record-form-page';
import { RecordListPage } from '../components/record-list-page';
import { readRecordId } from '../components/list-query';

/** /content/my_content/draft: my content drafts; with ?contentId=N the form with that draft. */
export default function ContentDraftPage() {
  const { t } = useTranslation('records');
  const [params] = useSearchParams();
  const id = readRecordId(params, 'contentId');
  if (id !== null) {
    return <RecordFormPage key={id} kind={CONTENT} draftId={id} />;
  }
  return (
    <RecordListPage
      listKey="MYCONTENT"
      kind={CONTENT}
      title={t('menu.myContentDrafts')}
      path="/content/my_content/draft"
      draft
      rowLink={(record) => CONTENT.draftFormUrl(record.id)}
    />
  );
}
