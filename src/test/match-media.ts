/**
 * A window as narrow as the queries given say: each of them matches, any other does not (jsdom
 * has no matchMedia of its own). Undo with vi.unstubAllGlobals().
 */
export function matchingMedia(...matching: string[]): void {
  vi.stubGlobal('matchMedia', (query: string): Partial<MediaQueryList> => ({
    matches: matching.includes(query),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
