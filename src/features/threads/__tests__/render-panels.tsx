import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../../app/app';
import { db } from '../../../mocks/db';
import { makeTestStore } from '../../../test/render-app';
import type { Access, HdRecord } from '../../records/types';
import { RecordWorkPanels } from '../components/record-work-panels';

/** Renders the work panels of a mock record (real store, sagas; msw answers) for `access`. */
export function renderPanels(recordId: number, access: Access, following?: boolean) {
  const found = db.records.find((r) => r.id === recordId);
  if (!found) throw new Error(`no mock record ${recordId}`);
  // Without `following` unless given: the panels then ask the server (GET .../follow/).
  const { following: _stored, ...rest } = found;
  const record = {
    ...rest,
    access,
    ...(following === undefined ? {} : { following }),
  } as HdRecord;
  const store = makeTestStore();
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
