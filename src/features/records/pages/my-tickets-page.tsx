import '../i18n';
import { useTranslation } from 'react-i18next';
import { TICKET } from '../kinds';
import { RecordListPage } from '../components/record-list-page';

/** /ticket/my_ticket */
export default function MyTicketsPage() {
  const { t } = useTranslation('records');
  return (
    <RecordListPage
      listKey="MYTICKET"
      kind={TICKET}
      title={t('menu.myTickets')}
      path="/ticket/my_ticket"
      draft={false}
      rowLink={(record) => TICKET.myDetailsUrl(record.id)}
    />
  );
}
