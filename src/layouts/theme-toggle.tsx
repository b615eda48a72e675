import '../features/keyboard/i18n';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { layoutActions } from '../features/layout/layout-slice';

/**
 * The header's light/dark switch: the layout colour (Bootstrap's data-bs-theme), remembered with
 * the other layout settings in localStorage.
 */
export function ThemeToggle() {
  const { t } = useTranslation('keyboard');
  const dispatch = useAppDispatch();
  const colour = useAppSelector((state) => state.layout.layoutColor);
  const topbar = useAppSelector((state) => state.layout.topbarTheme);
  const dark = colour === 'dark';
  return (
    <button
      type="button"
      className={`btn btn-sm theme-toggle ${topbar === 'dark' ? 'btn-outline-light' : 'btn-outline-secondary'}`}
      aria-pressed={dark}
      title={t('theme.dark')}
      onClick={() => dispatch(layoutActions.changeLayoutColor(dark ? 'light' : 'dark'))}
    >
      <span aria-hidden="true">{dark ? '☾' : '☀'}</span>
      <span className="visually-hidden">{t('theme.dark')}</span>
    </button>
  );
}
