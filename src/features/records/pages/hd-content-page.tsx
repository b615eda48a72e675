import '../i18n';
import { useTranslation } from 'react-i18next';
import { CONTENT } from '../kinds';
import { RecordListPage } from '../components/record-list-page';

/** /hd_content */
export default function HdContentPage() {
  const { t } = useTranslation('records');
  return (
    <RecordListPage
      listKey="HDCONTENT"
      kind={CONTENT}
      title={t('menu.allContent')}
      path="/hd_content"
      draft={false}
      rowLink={(record) => CONTENT.hdDetailsUrl(record.id)}
    />
  );
}
