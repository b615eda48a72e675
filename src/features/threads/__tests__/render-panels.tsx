import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../../app/app';
import { makeStore } from '../../../app/store';
import { db } from '../../../mocks/db';
import type { Access, HdRecord } from '../../records/types';
import { RecordWorkPanels } from '../components/record-work-panels';

/** Renders the work panels of a mock record (real store, sagas; msw answers) for `access`. */
export function renderPanels(recordId: number, access: Access, following?: boolean) {
  const found = db.records.find((r) => r.id === recordId);
  if (!found) throw new Error(`no mock record ${recordId}`);
  const record: HdRecord = { ...found, access, ...(following === undefined ? {} : { following }) };
  const store = makeStore();
  const user = userEvent.setup();
  const utils = render(
    <AppProviders store={store}>
      <MemoryRouter>
        <RecordWorkPanels record={record} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, user, record, ...utils };
}
