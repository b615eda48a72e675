// Server-Sent Events framing (a blank line ends an event; `event:` and `data:` lines; comment
// lines start with ':'), fed chunk by chunk as fetch delivers them.
import type { LiveEvent } from './live-types';

export function createSseParser(onEvent: (event: LiveEvent) => void) {
  const decoder = new TextDecoder();
  let buffer = '';
  return (chunk: Uint8Array): void => {
    buffer += decoder.decode(chunk, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let event = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data += line.slice(5).trim();
      }
      if (!data) continue;
      try {
        onEvent({ event, data: JSON.parse(data) } as LiveEvent);
      } catch {
        // Not JSON: not one of ours.
      }
    }
  };
}
