import '../i18n';
import { useTranslation } from 'react-i18next';
import { TICKET } from '../kinds';
import { RecordDetailsPage } from '../components/record-details-page';

export { firstScreenNeeds } from '../components/record-details-page';

/** /ticket/my_ticket/details?ticketId=N */
export default function TicketDetailsPage() {
  const { t } = useTranslation('records');
  return (
    <RecordDetailsPage
      kind={TICKET}
      idParam="ticketId"
      listPath="/ticket/my_ticket"
      listTitle={t('menu.myTickets')}
    />
  );
}
