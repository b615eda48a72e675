import '../i18n';
import { useTranslation } from 'react-i18next';
import { TICKET } from '../kinds';
import { RecordListPage } from '../components/record-list-page';

/** /hd_ticket */
export default function HdTicketsPage() {
  const { t } = useTranslation('records');
  return (
    <RecordListPage
      listKey="HDTICKET"
      kind={TICKET}
      title={t('menu.allTickets')}
      path="/hd_ticket"
      draft={false}
      rowLink={(record) => TICKET.hdDetailsUrl(record.id)}
    />
  );
}
