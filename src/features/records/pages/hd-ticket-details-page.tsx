import '../i18n';
import { useTranslation } from 'react-i18next';
import { TICKET } from '../kinds';
import { RecordDetailsPage } from '../components/record-details-page';

export { firstScreenNeeds } from '../components/record-details-page';

/** /hd_ticket/details?hdTicketId=N */
export default function HdTicketDetailsPage() {
  const { t } = useTranslation('records');
  return (
    <RecordDetailsPage
      kind={TICKET}
      idParam="hdTicketId"
      listPath="/hd_ticket"
      listTitle={t('menu.allTickets')}
    />
  );
}
