import '../i18n';
import { useTranslation } from 'react-i18next';
import { CONTENT } from '../kinds';
import { RecordDetailsPage } from '../components/record-details-page';

export { firstScreenNeeds } from '../components/record-details-page';

/** /hd_content/details?hdContentId=N */
export default function HdContentDetailsPage() {
  const { t } = useTranslation('records');
  return (
    <RecordDetailsPage
      kind={CONTENT}
      idParam="hdContentId"
      listPath="/hd_content"
      listTitle={t('menu.allContent')}
    />
  );
}
