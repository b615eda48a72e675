import { fireEvent, render, screen } from '@testing-library/react';
import { blockTab } from '../tab-blocker';

describe('blockTab', () => {
  it('prevents Tab and Shift+Tab but not other keys', () => {
    render(<input aria-label="Field" onKeyDown={blockTab} />);
    const input = screen.getByLabelText('Field');
    expect(fireEvent.keyDown(input, { key: 'Tab' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: 'Tab', shiftKey: true })).toBe(false);
    expect(fireEvent.keyDown(input, { key: 'a' })).toBe(true);
    expect(fireEvent.keyDown(input, { key: 'Enter' })).toBe(true);
  });
});
