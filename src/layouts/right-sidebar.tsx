import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { layoutActions } from '../features/layout/layout-slice';

import { RIGHT_SIDEBAR_ID, SETTINGS_BUTTON_ID } from './topbar';
import { USER_MENU_BUTTON_ID } from './user-menu';

interface ChoiceGroupProps<V extends string> {
  name: string;
  legend: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
}

function ChoiceGroup<V extends string>({
  name,
  legend,
  value,
  options,
  onChange,
}: ChoiceGroupProps<V>) {
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold">{legend}</legend>
      {options.map((option) => {
        const id = `${name}-${option.value}`;
        return (
          <div key={option.value} className="form-check">
            <input
              className="form-check-input"
              type="radio"
              name={name}
              id={id}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <label className="form-check-label" htmlFor={id}>
              {option.label}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}

/**
 * The right sidebar with the settings panel. Escape closes it and returns focus to Settings (on a
 * phone, to the user menu, where Settings is).
 */
export function RightSidebar() {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const layout = useAppSelector((state) => state.layout);
  const open = layout.showRightSidebar;
  const closeRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) closeRef.current?.focus();
    // Back to Settings, or on a phone to the user menu that held it.
    else if (wasOpen.current) {
      (
        document.getElementById(SETTINGS_BUTTON_ID) ?? document.getElementById(USER_MENU_BUTTON_ID)
      )?.focus();
    }
    wasOpen.current = open;
  }, [open]);

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') dispatch(layoutActions.hideRightSidebar());
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, dispatch]);

  if (!open) return null;
  const close = () => dispatch(layoutActions.hideRightSidebar());
  const lightDark = [
    { value: 'light' as const, label: t('settings.light') },
    { value: 'dark' as const, label: t('settings.dark') },
  ];

  return (
    <>
      <div className="right-bar-backdrop" aria-hidden="true" onClick={close} />
      <aside
        id={RIGHT_SIDEBAR_ID}
        className="right-bar shadow"
        aria-labelledby="right-sidebar-title"
        onKeyDown={(event: KeyboardEvent) => {
          if (event.key === 'Escape') close();
        }}
      >
        <div className="d-flex align-items-center justify-content-between p-3 border-bottom">
          <h2 id="right-sidebar-title" className="fs-5 mb-0">
            {t('settings.title')}
          </h2>
          <button
            ref={closeRef}
            type="button"
            className="btn-close"
            aria-label={t('settings.close')}
            onClick={close}
          />
        </div>
        <div className="p-3">
          <ChoiceGroup
            name="layoutColor"
            legend={t('settings.layoutColor')}
            value={layout.layoutColor}
            options={lightDark}
            onChange={(value) => dispatch(layoutActions.changeLayoutColor(value))}
          />
          <ChoiceGroup
            name="layoutType"
            legend={t('settings.layoutType')}
            value={layout.layoutType}
            options={[
              { value: 'vertical', label: t('settings.vertical') },
              { value: 'horizontal', label: t('settings.horizontal') },
            ]}
            onChange={(value) => dispatch(layoutActions.changeLayoutType(value))}
          />
          <ChoiceGroup
            name="layoutWidth"
            legend={t('settings.layoutWidth')}
            value={layout.layoutWidth}
            options={[
              { value: 'fluid', label: t('settings.fluid') },
              { value: 'boxed', label: t('settings.boxed') },
            ]}
            onChange={(value) => dispatch(layoutActions.changeLayoutWidth(value))}
          />
          <ChoiceGroup
            name="menuPosition"
            legend={t('settings.menuPosition')}
            value={layout.menuPosition}
            options={[
              { value: 'fixed', label: t('settings.fixed') },
              { value: 'scrollable', label: t('settings.scrollable') },
            ]}
            onChange={(value) => dispatch(layoutActions.changeMenuPosition(value))}
          />
          <ChoiceGroup
            name="leftSidebarTheme"
            legend={t('settings.sidebarTheme')}
            value={layout.leftSidebarTheme}
            options={lightDark}
            onChange={(value) => dispatch(layoutActions.changeSidebarTheme(value))}
          />
          <ChoiceGroup
            name="leftSidebarType"
            legend={t('settings.sidebarType')}
            value={layout.leftSidebarType}
            options={[
              { value: 'default', label: t('settings.default') },
              { value: 'condensed', label: t('settings.condensed') },
            ]}
            onChange={(value) => dispatch(layoutActions.changeSidebarType(value))}
          />
          <ChoiceGroup
            name="topbarTheme"
            legend={t('settings.topbarTheme')}
            value={layout.topbarTheme}
            options={lightDark}
            onChange={(value) => dispatch(layoutActions.changeTopbarTheme(value))}
          />
          <div className="form-check form-switch mb-3">
            <input
              className="form-check-input"
              type="checkbox"
              role="switch"
              id="show-sidebar-user-info"
              checked={layout.showSidebarUserInfo}
              onChange={() => dispatch(layoutActions.toggleSidebarUserInfo())}
            />
            <label className="form-check-label" htmlFor="show-sidebar-user-info">
              {t('settings.showUserInfo')}
            </label>
          </div>
          <button
            type="button"
            className="btn btn-outline-secondary w-100"
            onClick={() => dispatch(layoutActions.resetLayoutSettings())}
          >
            {t('settings.reset')}
          </button>
        </div>
      </aside>
    </>
  );
}
