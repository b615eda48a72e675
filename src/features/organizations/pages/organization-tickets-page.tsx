import '../i18n';
import { useTranslation } from 'react-i18next';
import { TICKET } from '../../records/kinds';
import { RecordListPage } from '../../records/components/record-list-page';

/**
 * /ticket/organization: the tickets of the requester's organizations that share them (their
 * colleagues' and their own): read, answer and follow; docs/api-working.md "Organizations".
 */
export default function OrganizationTicketsPage() {
  const { t } = useTranslation('organizations');
  return (
    <RecordListPage
      listKey="MYTICKET"
      kind={TICKET}
      title={t('myOrganizationTickets')}
      path="/ticket/organization"
      organizationTickets
      rowLink={(record) => TICKET.myDetailsUrl(record.id)}
    />
  );
}
