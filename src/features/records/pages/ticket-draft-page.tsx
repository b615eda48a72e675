import { Navigate, useSearchParams } from 'react-router-dom';
import { TICKET } from '../kinds';
import { RecordFormPage } from '../components/record-form-page';

/** /draft?ticketId=N: the ticket form with that draft; without an id, the drafts list. */
export default function TicketDraftPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('ticketId'));
  if (!Number.isInteger(id) || id < 1) return <Navigate to={TICKET.draftsListUrl} replace />;
  return <RecordFormPage key={id} kind={TICKET} draftId={id} />;
}
