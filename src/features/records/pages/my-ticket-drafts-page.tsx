import '../i18n';
import { useTranslation } from 'react-i18next';
import { TICKET } from '../kinds';
import { RecordListPage } from '../components/record-list-page';

/** /ticket/my_ticket/draft */
export default function MyTicketDraftsPage() {
  const { t } = useTranslation('records');
  return (
    <RecordListPage
      listKey="MYTICKET"
      kind={TICKET}
      title={t('menu.myTicketDrafts')}
      path="/ticket/my_ticket/draft"
      draft={true}
      rowLink={(record) => TICKET.draftFormUrl(record.id)}
    />
  );
}
