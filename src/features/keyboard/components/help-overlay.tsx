import '../i18n';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalBody } from 'reactstrap';
import { Modal } from '../../../lib/modal';
import { useActiveShortcuts } from '../../../lib/shortcuts';
import type { Shortcut } from '../../../lib/shortcuts';
import { KeyCombo } from './key-combo';

const TITLE_ID = 'keyboard-help-title';

function byGroup(shortcuts: Shortcut[]): [string, Shortcut[]][] {
  const groups = new Map<string, Shortcut[]>();
  for (const s of shortcuts) {
    const list = groups.get(s.group) ?? [];
    // One row per key: a screen that registers the same key twice lists it once.
    if (!list.some((other) => other.keys === s.keys)) list.push(s);
    groups.set(s.group, list);
  }
  return [...groups];
}

/** The `?` overlay: the shortcuts active on this screen, grouped (a focus-trapped dialog). */
export default function HelpOverlay({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('keyboard');
  const shortcuts = useActiveShortcuts();
  const groups = byGroup(shortcuts);
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      isOpen
      toggle={onClose}
      labelledBy={TITLE_ID}
      fade={false}
      autoFocus={false}
      // Focus starts inside the dialog, so Escape reaches it and Tab stays in it.
      onOpened={() => closeRef.current?.focus()}
      scrollable
    >
      <div className="modal-header">
        <h2 id={TITLE_ID} className="modal-title fs-5">
          {t('help.title')}
        </h2>
        <button
          ref={closeRef}
          type="button"
          className="btn-close"
          aria-label={t('help.close')}
          onClick={onClose}
        />
      </div>
      <ModalBody>
        {groups.length === 0 && <p>{t('help.empty')}</p>}
        {groups.map(([group, list]) => (
          <section key={group} className="mb-3" aria-labelledby={`shortcut-group-${group}`}>
            <h3 id={`shortcut-group-${group}`} className="shortcut-group-title">
              {t(group)}
            </h3>
            <ul className="list-unstyled shortcut-list mb-0">
              {list.map((s) => (
                <li key={s.keys} className="d-flex justify-content-between gap-3 py-1">
                  <span>{t(s.label)}</span>
                  <KeyCombo keys={s.keys} />
                </li>
              ))}
            </ul>
          </section>
        ))}
        <p className="small text-body-secondary mb-0">{t('help.hint')}</p>
      </ModalBody>
    </Modal>
  );
}
