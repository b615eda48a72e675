import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { pageTitleSet } from '../../lib/page-title';
import type { PageTitle } from '../../lib/page-title';

export type LayoutColor = 'light' | 'dark';
export type LayoutType = 'vertical' | 'horizontal';
export type LayoutWidth = 'fluid' | 'boxed';
export type MenuPosition = 'fixed' | 'scrollable';
export type SidebarTheme = 'light' | 'dark';
export type SidebarType = 'default' | 'condensed';
export type TopbarTheme = 'light' | 'dark';

export interface LayoutSettings {
  layoutColor: LayoutColor;
  layoutType: LayoutType;
  layoutWidth: LayoutWidth;
  menuPosition: MenuPosition;
  leftSidebarTheme: SidebarTheme;
  leftSidebarType: SidebarType;
  showSidebarUserInfo: boolean;
  topbarTheme: TopbarTheme;
}

export interface LayoutState extends LayoutSettings {
  showRightSidebar: boolean;
  pageTitle: PageTitle;
}

export const LAYOUT_STORAGE_KEY = 'layoutSettings';

export const defaultLayoutSettings: LayoutSettings = {
  layoutColor: 'light',
  layoutType: 'vertical',
  layoutWidth: 'fluid',
  menuPosition: 'fixed',
  leftSidebarTheme: 'dark',
  leftSidebarType: 'default',
  showSidebarUserInfo: false,
  topbarTheme: 'light',
};

const choices: { [K in keyof LayoutSettings]: readonly LayoutSettings[K][] } = {
  layoutColor: ['light', 'dark'],
  layoutType: ['vertical', 'horizontal'],
  layoutWidth: ['fluid', 'boxed'],
  menuPosition: ['fixed', 'scrollable'],
  leftSidebarTheme: ['light', 'dark'],
  leftSidebarType: ['default', 'condensed'],
  showSidebarUserInfo: [true, false],
  topbarTheme: ['light', 'dark'],
};

/** Stored choices (localStorage layoutSettings), each checked against its allowed values. */
export function loadLayoutSettings(): LayoutSettings {
  const settings: LayoutSettings = { ...defaultLayoutSettings };
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(LAYOUT_STORAGE_KEY) ?? '{}');
    if (raw && typeof raw === 'object') {
      const stored = raw as Record<string, unknown>;
      for (const key of Object.keys(choices) as (keyof LayoutSettings)[]) {
        const allowed: readonly unknown[] = choices[key];
        if (allowed.includes(stored[key])) {
          Object.assign(settings, { [key]: stored[key] });
        }
      }
    }
  } catch {
    // ignore a broken stored value
  }
  return settings;
}

export function pickSettings(state: LayoutState): LayoutSettings {
  const { showRightSidebar: _open, pageTitle: _title, ...settings } = state;
  return settings;
}

function initialLayoutState(): LayoutState {
  return {
    ...loadLayoutSettings(),
    showRightSidebar: false,
    pageTitle: { title: '', breadcrumbItems: [] },
  };
}

const layoutSlice = createSlice({
  name: 'layout',
  initialState: initialLayoutState,
  reducers: {
    /** Light or dark colour also sets the topbar theme to match. */
    changeLayoutColor: (state, action: PayloadAction<LayoutColor>) => {
      state.layoutColor = action.payload;
      state.topbarTheme = action.payload;
    },
    changeLayoutType: (state, action: PayloadAction<LayoutType>) => {
      state.layoutType = action.payload;
    },
    /** Fluid or boxed width also sets the sidebar type to default or condensed. */
    changeLayoutWidth: (state, action: PayloadAction<LayoutWidth>) => {
      state.layoutWidth = action.payload;
      state.leftSidebarType = action.payload === 'boxed' ? 'condensed' : 'default';
    },
    changeMenuPosition: (state, action: PayloadAction<MenuPosition>) => {
      state.menuPosition = action.payload;
    },
    changeSidebarTheme: (state, action: PayloadAction<SidebarTheme>) => {
      state.leftSidebarTheme = action.payload;
    },
    changeSidebarType: (state, action: PayloadAction<SidebarType>) => {
      state.leftSidebarType = action.payload;
    },
    toggleSidebarUserInfo: (state) => {
      state.showSidebarUserInfo = !state.showSidebarUserInfo;
    },
    changeTopbarTheme: (state, action: PayloadAction<TopbarTheme>) => {
      state.topbarTheme = action.payload;
    },
    showRightSidebar: (state) => {
      state.showRightSidebar = true;
    },
    hideRightSidebar: (state) => {
      state.showRightSidebar = false;
    },
    resetLayoutSettings: (state) => ({ ...state, ...defaultLayoutSettings }),
  },
  extraReducers: (builder) => {
    builder.addCase(pageTitleSet, (state, action) => {
      state.pageTitle = action.payload;
    });
  },
});

export const layoutActions = layoutSlice.actions;
export const layoutReducer = layoutSlice.reducer;
