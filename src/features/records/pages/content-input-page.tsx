import { CONTENT } from '../kinds';
import { RecordFormPage } from '../components/record-form-page';

/** /content-input: write a content item. */
export default function ContentInputPage() {
  return <RecordFormPage kind={CONTENT} />;
}
