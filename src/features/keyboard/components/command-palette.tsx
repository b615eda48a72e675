import '../i18n';
import { Command } from 'cmdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../../lib/modal';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LANGUAGES, setLanguage } from '../../../lib/i18n';
import { useActiveShortcuts } from '../../../lib/shortcuts';
import { layoutActions } from '../../layout/layout-slice';
import { pageTargets, recordIdIn, recordUrl } from '../palette-targets';
import { KeyCombo } from './key-combo';

const TITLE_ID = 'command-palette-title';

/**
 * Ctrl/Cmd+K: jump to a page the user may see, open a record by number, run the current
 * screen's shortcuts, switch theme or language. cmdk gives the combobox/listbox semantics and
 * the filtering; the reactstrap Modal traps focus and closes on Escape.
 */
export default function CommandPalette({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('keyboard');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.auth.user);
  const colour = useAppSelector((state) => state.layout.layoutColor);
  // The palette's own key is no action to run from the palette.
  const actions = useActiveShortcuts().filter((s) => s.keys !== 'mod+k');
  const [search, setSearch] = useState('');
  const recordId = recordIdIn(search);

  const go = (path: string) => {
    onClose();
    void navigate(path);
  };
  const run = (action: () => void) => {
    onClose();
    action();
  };

  return (
    <Modal
      isOpen
      toggle={onClose}
      labelledBy={TITLE_ID}
      fade={false}
      autoFocus={false}
      className="command-palette"
    >
      <h2 id={TITLE_ID} className="visually-hidden">
        {t('palette.title')}
      </h2>
      <Command label={t('palette.label')} loop>
        <Command.Input
          autoFocus
          value={search}
          onValueChange={setSearch}
          placeholder={t('palette.placeholder')}
          className="form-control form-control-lg border-0 rounded-0 border-bottom"
          maxLength={200}
        />
        <Command.List className="palette-list" label={t('palette.title')}>
          {/* cmdk counts only what it filters: the record options are always offered for a
              number, so "Nothing matches" would show above them. */}
          {recordId === null && (
            <Command.Empty className="p-3 text-body-secondary">{t('palette.empty')}</Command.Empty>
          )}
          {recordId !== null && (
            <Command.Group heading={t('palette.records')} forceMount>
              <Command.Item
                forceMount
                value={`record T ${recordId}`}
                onSelect={() => go(recordUrl(recordId, 'T', user))}
              >
                {t('palette.openTicket', { id: recordId })}
              </Command.Item>
              <Command.Item
                forceMount
                value={`record C ${recordId}`}
                onSelect={() => go(recordUrl(recordId, 'C', user))}
              >
                {t('palette.openContent', { id: recordId })}
              </Command.Item>
            </Command.Group>
          )}
          {actions.length > 0 && (
            <Command.Group heading={t('palette.actions')}>
              {actions.map((s) => (
                <Command.Item
                  key={s.keys}
                  value={`action ${s.keys} ${t(s.label)}`}
                  onSelect={() => run(() => s.run(new KeyboardEvent('keydown', { key: s.keys })))}
                >
                  <span className="me-auto">{t(s.label)}</span>
                  <KeyCombo keys={s.keys} />
                </Command.Item>
              ))}
            </Command.Group>
          )}
          <Command.Group heading={t('palette.pages')}>
            {pageTargets(user).map((page) => (
              <Command.Item
                key={page.path}
                value={`page ${page.path} ${t(`common:${page.labelKey}`)}`}
                onSelect={() => go(page.path)}
              >
                {t(`common:${page.labelKey}`)}
              </Command.Item>
            ))}
          </Command.Group>
          <Command.Group heading={t('palette.settings')}>
            <Command.Item
              value="theme"
              keywords={['theme', 'dark', 'light', t('palette.darkTheme'), t('palette.lightTheme')]}
              onSelect={() =>
                run(() =>
                  dispatch(layoutActions.changeLayoutColor(colour === 'dark' ? 'light' : 'dark')),
                )
              }
            >
              {colour === 'dark' ? t('palette.lightTheme') : t('palette.darkTheme')}
            </Command.Item>
            {LANGUAGES.filter((lang) => lang.code !== i18n.language).map((lang) => (
              <Command.Item
                key={lang.code}
                value={`language ${lang.code} ${lang.label}`}
                keywords={['language', t('palette.language', { language: lang.label })]}
                onSelect={() => run(() => setLanguage(lang.code))}
              >
                {t('palette.language', { language: lang.label })}
              </Command.Item>
            ))}
          </Command.Group>
        </Command.List>
      </Command>
    </Modal>
  );
}
