import { keyLabels } from '../../../lib/shortcuts';

/** A shortcut's keys as <kbd> caps: 'mod+k' → Ctrl K (⌘ K on a Mac). */
export function KeyCombo({ keys }: { keys: string }) {
  return (
    <span className="key-combo">
      {keyLabels(keys).map((label, index) => (
        <kbd key={index}>{label}</kbd>
      ))}
    </span>
  );
}
