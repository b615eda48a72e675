import { createAction } from '@reduxjs/toolkit';
import { useLayoutEffect } from 'react';
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

/**
 * Each page sets its title; the layout shows it in the page header and in document.title. Set
 * before the browser paints: a record's subject replacing "Ticket details" may take three lines
 * on a phone, and set after the record had painted it pushed the record down (Lighthouse read a
 * layout shift of 0.15 on a ticket's page). The header (layouts/page-header.tsx) listens from
 * the layout phase too, so on a first screen, where it mounts with the page, it shows the title
 * before the paint as well.
 */
export function usePageTitle(title: string, breadcrumbItems: BreadcrumbItem[] = []): void {
  const dispatch = useDispatch();
  const key = JSON.stringify(breadcrumbItems);
  useLayoutEffect(() => {
    dispatch(pageTitleSet({ title, breadcrumbItems: JSON.parse(key) as BreadcrumbItem[] }));
    document.title = title ? `${title} | Helpdesk` : 'Helpdesk';
  }, [dispatch, title, key]);
}
