import '../i18n';
import { useTranslation } from 'react-i18next';
import { CONTENT } from '../kinds';
import { RecordDetailsPage } from '../components/record-details-page';

export { firstScreenNeeds } from '../components/record-details-page';

/** /content/my_content/details?contentId=N */
export default function ContentDetailsPage() {
  const { t } = useTranslation('records');
  return (
    <RecordDetailsPage
      kind={CONTENT}
      idParam="contentId"
      listPath="/content/my_content"
      listTitle={t('menu.myContent')}
    />
  );
}
