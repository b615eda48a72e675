import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { createRequestHolder } from '../../lib/request-holder';
import type { SearchQuery, SearchResults, SearchType } from './types';

/** The seed's search query response: one line. */
export const searchHolders = {
  searchQuery: createRequestHolder<SearchResults, SearchQuery>('searchQuery'),
};

export interface SearchState {
  /** The current navigation search query (the topbar box and the search page share it). */
  navigationSearchQuery: string;
  /** The search query type, default 'C' (seed section 9). */
  searchQueryType: SearchType;
  /** The seed's loaderSearch flag: switched off when results arrive. */
  loaderSearch: boolean;
}

const initialState: SearchState = {
  navigationSearchQuery: '',
  searchQueryType: 'C',
  loaderSearch: false,
};

const { succeeded, failed } = searchHolders.searchQuery.actions;

const searchSlice = createSlice({
  name: 'search',
  initialState,
  reducers: {
    navigationSearchQuerySet: (state, action: PayloadAction<string>) => {
      state.navigationSearchQuery = action.payload;
    },
    searchQueryTypeSet: (state, action: PayloadAction<SearchType>) => {
      state.searchQueryType = action.payload;
    },
    loaderSearchSet: (state, action: PayloadAction<boolean>) => {
      state.loaderSearch = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(succeeded, (state) => {
      state.loaderSearch = false;
    });
    builder.addCase(failed, (state) => {
      state.loaderSearch = false;
    });
  },
});

export const { navigationSearchQuerySet, searchQueryTypeSet, loaderSearchSet } =
  searchSlice.actions;
export const searchReducer = searchSlice.reducer;
