import { createRequestHolder, emptyHolder, holdersReducer } from '../request-holder';

describe('request holder factory', () => {
  const holders = {
    things: createRequestHolder<string[], { page: number }>('things'),
    other: createRequestHolder<number>('other'),
  };
  const reducer = holdersReducer(holders);
  const { actions } = holders.things;

  it('names actions by holder', () => {
    expect(actions.requested({ page: 1 }).type).toBe('holders/things/requested');
    expect(actions.reset().type).toBe('holders/things/reset');
  });

  it('goes requested -> succeeded / failed -> reset', () => {
    let state = reducer(undefined, { type: 'init' });
    expect(state.things).toEqual(emptyHolder());
    state = reducer(state, actions.requested({ page: 1 }));
    expect(state.things).toEqual({ data: null, loading: true, error: null });
    expect(state.other.loading).toBe(false);
    state = reducer(state, actions.succeeded(['a']));
    expect(state.things).toEqual({ data: ['a'], loading: false, error: null });
    state = reducer(state, actions.requested({ page: 2 }));
    state = reducer(state, actions.failed({ message: 'boom', status: 500 }));
    expect(state.things).toEqual({
      data: ['a'],
      loading: false,
      error: { message: 'boom', status: 500 },
    });
    state = reducer(state, actions.reset());
    expect(state.things).toEqual(emptyHolder());
  });

  it('an action changes only the holder it names; any other leaves the state as it was', () => {
    const before = reducer(undefined, { type: 'init' });
    const after = reducer(before, actions.requested({ page: 1 }));
    expect(after.things.loading).toBe(true);
    expect(after.other).toBe(before.other);
    expect(reducer(after, { type: 'holders/unknown/requested' })).toBe(after);
    expect(reducer(after, holders.other.actions.reset())).toBe(after);
  });

  it('refuses two holders with the same name', () => {
    expect(() =>
      holdersReducer({ a: createRequestHolder('same'), b: createRequestHolder('same') }),
    ).toThrow('holders a and b share holders/same/requested');
  });

  it('keeps an idle holder as it was on reset, so nothing reading it renders again', () => {
    const idle = reducer(undefined, { type: 'init' });
    const after = reducer(idle, actions.reset());
    expect(after.things).toBe(idle.things);
    expect(after).toBe(idle);
  });
});
