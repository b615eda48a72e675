import type { SagaIterator } from 'redux-saga';
import { call, select, takeEvery } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
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

function persist(layout: LayoutState): void {
  localStorage.setItem(LAYOUT_STORAGE_KEY, JSON.stringify(pickSettings(layout)));
}

const layoutActionTypes = new Set<string>(
  Object.values(layoutActions).map((creator) => creator.type),
);

function isLayoutChange(action: Action): boolean {
  return layoutActionTypes.has(action.type);
}

function* onLayoutChange(action: Action): SagaIterator {
  const layout: LayoutState = yield select((state: { layout: LayoutState }) => state.layout);
  yield call(applyLayoutToDocument, layout);
  if (
    action.type !== layoutActions.showRightSidebar.type &&
    action.type !== layoutActions.hideRightSidebar.type
  ) {
    yield call(persist, layout);
  }
}

export function* layoutSaga(): SagaIterator {
  const layout: LayoutState = yield select((state: { layout: LayoutState }) => state.layout);
  yield call(applyLayoutToDocument, layout);
  yield takeEvery(isLayoutChange, onLayoutChange);
}
