import '../i18n';
import { useTranslation } from 'react-i18next';
import { CONTENT } from '../kinds';
import { RecordListPage } from '../components/record-list-page';

/** /hd_content/draft */
export default function HdContentDraftsPage() {
  const { t } = useTranslation('records');
  return (
    <RecordListPage
      listKey="HDCONTENT"
      kind={CONTENT}
      title={t('menu.contentDrafts')}
      path="/hd_content/draft"
      draft={true}
      rowLink={(record) => CONTENT.hdDetailsUrl(record.id)}
    />
  );
}
