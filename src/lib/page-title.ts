import { createAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useDispatch } from 'react-redux';

export interface BreadcrumbItem {
  label: string;
  path: string;
}

export interface PageTitle {
  title: string;
  breadcrumbItems: BreadcrumbItem[];
}

export const pageTitleSet = createAction<PageTitle>('layout/pageTitleSet');

/** Each page sets its title; the layout shows it in the page header and in document.title. */
export function usePageTitle(title: string, breadcrumbItems: BreadcrumbItem[] = []): void {
  const dispatch = useDispatch();
  const key = JSON.stringify(breadcrumbItems);
  useEffect(() => {
    dispatch(pageTitleSet({ title, breadcrumbItems: JSON.parse(key) as BreadcrumbItem[] }));
    document.title = title ? `${title} | Helpdesk` : 'Helpdesk';
  }, [dispatch, title, key]);
}
