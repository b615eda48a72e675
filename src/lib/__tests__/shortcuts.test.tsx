import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { keyLabels, useShortcuts } from '../shortcuts';

function Screen() {
  const [log, setLog] = useState<string[]>([]);
  useShortcuts([
    { keys: 'j', label: 'next', group: 'list', run: () => setLog((l) => [...l, 'j']) },
    {
      keys: 'mod+Enter',
      label: 'send',
      group: 'record',
      run: () => setLog((l) => [...l, 'send']),
      inFields: true,
    },
  ]);
  return (
    <>
      <label htmlFor="reply">Reply</label>
      <input id="reply" />
      <label htmlFor="done">Done</label>
      <input id="done" type="checkbox" />
      <output aria-label="log">{log.join(',')}</output>
    </>
  );
}

describe('useShortcuts', () => {
  it('fires on the page but never while typing in a field, unless the shortcut says so', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    const log = screen.getByLabelText('log');
    await user.keyboard('j');
    expect(log).toHaveTextContent('j');

    const reply = screen.getByLabelText('Reply');
    await user.click(reply);
    await user.keyboard('jj');
    expect(reply).toHaveValue('jj');
    expect(log).toHaveTextContent(/^j$/);

    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(log).toHaveTextContent('j,send');

    // A checkbox is no text field: the list's keys still work there.
    await user.click(screen.getByLabelText('Done'));
    await user.keyboard('j');
    expect(log).toHaveTextContent('j,send,j');
  });

  it('labels keys as pressed', () => {
    expect(keyLabels('mod+k', false)).toEqual(['Ctrl', 'K']);
    expect(keyLabels('mod+k', true)).toEqual(['⌘', 'K']);
    expect(keyLabels('?', false)).toEqual(['?']);
    expect(keyLabels('mod+Enter', false)).toEqual(['Ctrl', 'Enter']);
  });
});
