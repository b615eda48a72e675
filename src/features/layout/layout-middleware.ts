import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { LAYOUT_STORAGE_KEY, layoutActions, pickSettings } from './layout-slice';
import type { LayoutState } from './layout-slice';

export const RIGHT_BAR_CLASS = 'right-bar-enabled';

/** Applies the layout state to the page: body marker class, Bootstrap colour mode, data attributes. */
export function applyLayoutToDocument(layout: LayoutState): void {
  document.body.classList.toggle(RIGHT_BAR_CLASS, layout.showRightSidebar);
  document.documentElement.setAttribute('data-bs-theme', layout.layoutColor);
  const body = document.body.dataset;
  body.layout = layout.layoutType;
  body.layoutWidth = layout.layoutWidth;
  body.menuPosition = layout.menuPosition;
  body.sidebarTheme = layout.leftSidebarTheme;
  body.sidebarType = layout.leftSidebarType;
  body.topbarTheme = layout.topbarTheme;
}

const layoutActionTypes = new Set<string>(
  Object.values(layoutActions).map((creator) => creator.type),
);
/** Opening the settings panel is not a choice to remember. */
const notRemembered = new Set<string>([
  layoutActions.showRightSidebar.type,
  layoutActions.hideRightSidebar.type,
]);

/**
 * Layout choices reach the page and localStorage as they are made. A middleware, not a saga: it
 * acts at once, before the saga runtime has loaded (no light flash for a dark-theme user).
 */
export const layoutMiddleware: Middleware<object, { layout: LayoutState }> =
  (api) => (next) => (action) => {
    const result = next(action);
    const type = (action as UnknownAction).type;
    if (layoutActionTypes.has(type)) {
      const layout = api.getState().layout;
      applyLayoutToDocument(layout);
      if (!notRemembered.has(type)) {
        localStorage.setItem(LAYOUT_STORAGE_KEY, JSON.stringify(pickSettings(layout)));
      }
    }
    return result;
  };
