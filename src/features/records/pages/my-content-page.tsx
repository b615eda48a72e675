import '../i18n';
import { useTranslation } from 'react-i18next';
import { CONTENT } from '../kinds';
import { RecordListPage } from '../components/record-list-page';

/** /content/my_content */
export default function MyContentPage() {
  const { t } = useTranslation('records');
  return (
    <RecordListPage
      listKey="MYCONTENT"
      kind={CONTENT}
      title={t('menu.myContent')}
      path="/content/my_content"
      draft={false}
      rowLink={(record) => CONTENT.myDetailsUrl(record.id)}
    />
  );
}
