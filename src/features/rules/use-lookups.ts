import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isIdle } from '../../lib/request-holder';
import { customFieldsHolders } from '../custom-fields/custom-fields-slice';
import { detailsHolders } from '../records/details-slice';
import { helpdeskOptions, useDropdown, type Option } from '../records/components/use-dropdown';
import { workHolders } from '../records/work-slice';
import { tagsHolders } from '../tags/tags-slice';
import { rulesHolders } from './rules-slice';

export interface Lookups {
  desk: Option[];
  status: Option[];
  /** The open ticket statuses (a time-based rule's "status for" picks one). */
  openStatus: Option[];
  priority: Option[];
  organization: Option[];
  tag: Option[];
  agent: Option[];
  template: Option[];
  macro: Option[];
}

/** The pickers' lists (the existing lookups and features' holders), each loaded once. */
export function useLookups() {
  const dispatch = useAppDispatch();
  const desks = useDropdown('ticketHelpDesk');
  const statuses = useDropdown('ticketStatus');
  const priorities = useDropdown('priority');
  const companies = useDropdown('company');
  const tags = useAppSelector((s) => s.holders.tagOptions);
  const tagChoices = useAppSelector((s) => s.holders.tagChoices.data);
  const agents = useAppSelector((s) => s.holders.agents);
  const fields = useAppSelector((s) => s.holders.customFields);
  const templates = useAppSelector((s) => s.holders.ruleTemplates);
  const macros = useAppSelector((s) => s.holders.macroList);
  const tagsIdle = isIdle(tags);
  const agentsIdle = isIdle(agents);
  const macrosIdle = isIdle(macros);
  useEffect(() => {
    if (tagsIdle) dispatch(tagsHolders.tagOptions.actions.requested({ limit: 100 }));
    if (agentsIdle) dispatch(workHolders.agents.actions.requested());
    if (macrosIdle) dispatch(detailsHolders.macroList.actions.requested());
  }, [dispatch, tagsIdle, agentsIdle, macrosIdle]);
  // Fresh each time: a template written a moment ago on its page is offered.
  useEffect(() => {
    dispatch(rulesHolders.ruleTemplates.actions.requested());
  }, [dispatch]);
  // The holder may hold another kind's fields (the custom fields page): tickets' are asked for.
  useEffect(() => {
    dispatch(customFieldsHolders.customFields.actions.requested('T'));
  }, [dispatch]);
  const ticketFields = (fields.data?.fields ?? []).filter((f) => f.object_type === 'T');

  const lookups: Lookups = {
    desk: helpdeskOptions(desks.data).map((o) => ({
      ...o,
      label: o.label.replace(/^[\s\u00a0]+/, ''),
    })),
    status: (statuses.data ?? []).map((s) => ({
      value: String(s.status_id),
      label: s.status_name,
    })),
    openStatus: (statuses.data ?? [])
      .filter((s) => !s.is_closed)
      .map((s) => ({ value: String(s.status_id), label: s.status_name })),
    priority: (priorities.data ?? []).map((p) => ({
      value: String(p.priority_id),
      label: p.priority_name,
    })),
    organization: (companies.data ?? []).map((c) => ({
      value: String(c.company_id),
      label: c.company_name,
    })),
    // The first 100 by name, and those a trigger names (tagChoices, asked by the editor).
    tag: [
      ...new Map(
        [...(tags.data ?? []), ...(tagChoices ?? [])].map((t) => [
          t.id,
          { value: String(t.id), label: t.name },
        ]),
      ).values(),
    ],
    agent: (agents.data ?? []).map((a) => ({ value: String(a.id), label: a.fullname })),
    template: (templates.data ?? []).map((t) => ({ value: String(t.id), label: t.name })),
    macro: (macros.data ?? []).map((m) => ({ value: String(m.id), label: m.name })),
  };
  return { lookups, fields: ticketFields.filter((f) => f.active) };
}
