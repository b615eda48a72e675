import { navigateTo, setNavigator } from '../navigation';

describe('navigateTo', () => {
  it('waits for the router when asked before it exists, keeping the page to come back to', () => {
    const navigate = vi.fn();
    // The first screen's call refused before the first render: the way to the login page.
    navigateTo('/auth/login', {
      replace: true,
      state: { from: '/hd_ticket/details?hdTicketId=2' },
    });
    expect(navigate).not.toHaveBeenCalled();
    setNavigator(navigate);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/auth/login', {
      replace: true,
      state: { from: '/hd_ticket/details?hdTicketId=2' },
    });
    // Made once: a router mounted again does not repeat it.
    setNavigator(null);
    setNavigator(navigate);
    expect(navigate).toHaveBeenCalledOnce();
  });

  it('navigates at once through the router once it is there', () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    navigateTo(`${window.location.origin}/access-denied`);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/access-denied', undefined);
  });
});
