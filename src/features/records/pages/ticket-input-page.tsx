import { TICKET } from '../kinds';
import { RecordFormPage } from '../components/record-form-page';

/** /ticket/input: raise a ticket. */
export default function TicketInputPage() {
  return <RecordFormPage kind={TICKET} />;
}
