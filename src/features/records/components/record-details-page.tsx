import '../i18n';
import '../workspace-i18n';
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { requestOnMount } from '../../../app/first-screen';
import { useAppDispatch, useAppSelector, useDeferredAppSelector } from '../../../app/hooks';
import { formatDateTimeLocal } from '../../../lib/dates';
import { Alert } from '../../../lib/form-field';
import { usePageTitle } from '../../../lib/page-title';
import { ViewedBeforeRaising } from '../../suggestions/components/viewed-before-raising';
import { HelpCentreTotals } from '../../suggestions/components/help-centre-totals';
import { sanitizeHtml } from '../../../lib/sanitize';
import type { Kind } from '../kinds';
import { recordsHolders } from '../records-slice';
import type { HdRecord } from '../types';
import { MailBadge } from './mail-badge';
import { ErrorState, Loading, NotFoundMessage } from './states';
import { readRecordId } from './list-query';
import { usePrefetchDropdown } from './use-dropdown';
import { PriorityBadge, StatusBadge } from './record-badges';
import { CollisionIndicator } from '../../live/collision-indicator';
import { useLiveRecord } from '../../live/use-live-record';
import { workHolders } from '../work-slice';
import { accessOf, mayChange } from './work/access';
import { useShortcuts } from '../../../lib/shortcuts';
import { matchesMedia, NARROW_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { lazyPage } from '../../../lib/lazy-page';
import { getStoredUser } from '../../../lib/storage';
import { detailsHolders } from '../details-slice';
import { useListStep } from './view/list-context';
import { ASSIGNEE_CONTROL_ID, STATUS_CONTROL_ID } from './view/control-ids';
import { ReplyBox, type ReplyControls } from './view/reply-box';
import { Timeline } from './view/timeline';

const W = workHolders;

const loadEditForm = () => import('./record-edit-form');
/** Loaded when Edit is chosen (or pointed at), not with the page. */
const EditForm = lazy(loadEditForm);
const SatisfactionCard = lazy(() => import('../../ratings/components/satisfaction-card'));

/**
 * The side panel and an agent's actions are chunks of their own: a phone's first screen shows
 * neither to a regular user (the panel waits behind Show properties), and they were two fifths
 * of the page's chunk. Otherwise the panel loads after the record.
 */
const SidePanel = lazyPage(() => import('./view/side-panel'));
/** A content item's review and versions (features/article-review), for its author and agents. */
const ReviewPanel = lazy(() =>
  import('../../article-review/components/review-panel').then((m) => ({ default: m.ReviewPanel })),
);
/** A content item's language and translation (features/article-review), for agents. */
const TranslationCard = lazy(() =>
  import('../../article-review/components/translation-card').then((m) => ({
    default: m.TranslationCard,
  })),
);
const AgentActions = lazyPage(async () => ({
  default: (await import('./work/agent-actions')).AgentActions,
}));
// Splitting a message out: its dialog loads when an agent asks for it.
const SplitDialog = lazyPage(async () => ({
  default: (await import('../../merge/components/merge-dialogs')).SplitDialog,
}));

/**
 * What a details page's first screen shows beyond its chunk (lazyPage waits for it): the panel
 * beside the record on wide screens, the actions for an agent. Each details page exports it.
 */
export function firstScreenNeeds(): Promise<unknown> {
  return Promise.all([
    matchesMedia(NARROW_QUERY) ? null : SidePanel.preload(),
    getStoredUser()?.user_is_hde ? AgentActions.preload() : null,
  ]);
}

const field = (record: HdRecord, name: string) =>
  (record as unknown as Record<string, unknown>)[name];

/** ticket/my_ticket/details, content/my_content/details, hd_ticket/details, hd_content/details. */
export function RecordDetailsPage({
  kind,
  idParam,
  listPath,
  listTitle,
}: {
  kind: Kind;
  idParam: string;
  listPath: string;
  listTitle: string;
}) {
  const { t } = useTranslation('records');
  const { t: tw } = useTranslation('workspace');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = readRecordId(params, idParam);
  const detail = useDeferredAppSelector((state) => state.holders.detailData);
  const viewHolder = useDeferredAppSelector((state) => state.holders.recordView);
  const update = useAppSelector((state) => state.holders.informationUpdate);
  const assign = useAppSelector((state) => state.holders.assignTo);
  const move = useAppSelector((state) => state.holders.moveRecord);
  const searchable = useAppSelector((state) => state.holders.searchableUpdate);
  const publicUpdate = useAppSelector((state) => state.holders.publicUpdate);
  const applied = useAppSelector((state) => state.holders.applyFields);
  const user = useAppSelector((state) => state.auth.user);
  usePrefetchDropdown(kind.type === 'T' ? 'ticketStatus' : 'contentStatus');
  const [editing, setEditing] = useState(false);
  const [sideOpen, setSideOpen] = useState(false);
  // Below lg the side panel waits behind Show properties, and is not built (nor its choices
  // fetched) until it is shown.
  const narrow = useMediaQuery(NARROW_QUERY);
  /** s and a: focus the status / assignee control, showing the side panel first where folded. */
  const focusControl = (controlId: string) => {
    void SidePanel.preload().then(() => {
      flushSync(() => setSideOpen(true));
      document.getElementById(controlId)?.focus();
    });
  };
  const reply = useRef<ReplyControls>(null);
  const [splitting, setSplitting] = useState<number | null>(null);
  const record =
    detail.data && detail.data.id === id && detail.data.object_type === kind.type
      ? detail.data
      : null;
  const view = viewHolder.data && viewHolder.data.recordId === id ? viewHolder.data : null;
  const k = kind.key;
  const title = record ? String(field(record, kind.titleField)) : t(`${k}.detailsTitle`);
  usePageTitle(title, [
    { label: t('common:menu.home'), path: '/home' },
    { label: listTitle, path: listPath },
    { label: title, path: `${listPath}/details` },
  ]);

  const request = useMemo(
    () =>
      id === null ? null : recordsHolders.detailData.actions.requested({ type: kind.type, id }),
    [kind, id],
  );
  const load = useCallback(() => {
    if (request) dispatch(request);
  }, [dispatch, request]);
  // From the page's first render, not the record's: a change that lands while the record is
  // still rendering (in the background, see useDeferredAppSelector) still reloads it.
  useLiveRecord({ type: kind.type, id: id ?? 0 }, editing || id === null, load);
  useEffect(() => {
    dispatch(recordsHolders.informationUpdate.actions.reset());
    for (const holder of [W.assignTo, W.moveRecord, W.searchableUpdate, W.publicUpdate]) {
      dispatch(holder.actions.reset());
    }
    dispatch(detailsHolders.applyFields.actions.reset());
    if (request) requestOnMount(dispatch, request);
  }, [dispatch, request]);

  // A successful save closes the form (the details show the new version).
  const saved = update.data;
  const [closedFor, setClosedFor] = useState(saved);
  if (saved !== closedFor) {
    setClosedFor(saved);
    if (saved) setEditing(false);
  }

  // Previous / next within the list the record was opened from.
  const openRecord = useCallback(
    (target: number) => navigate(`${listPath}/details?${idParam}=${target}`),
    [navigate, listPath, idParam],
  );
  const { near, can, step, stepping } = useListStep(id, openRecord);
  // A merged ticket's old address shows the ticket it went into (docs/api-working.md).
  const mergedInto = viewHolder.data?.recordId === id ? viewHolder.data.mergedInto : undefined;
  useEffect(() => {
    if (mergedInto !== undefined) {
      navigate(`${listPath}/details?${idParam}=${mergedInto}`, { replace: true });
    }
  }, [mergedInto, navigate, listPath, idParam]);
  const shown = record !== null && view !== null;
  const canReply = view?.permissions.reply ?? false;
  const agent = view?.permissions.note ?? false;
  useShortcuts(
    [
      {
        keys: 'r',
        label: 'workspace:shortcuts.reply',
        group: GROUP,
        run: () => reply.current?.focus('reply'),
      },
      {
        keys: 'n',
        label: 'workspace:shortcuts.note',
        group: GROUP,
        run: () => reply.current?.focus('note'),
      },
      {
        keys: 's',
        label: 'workspace:shortcuts.status',
        group: GROUP,
        run: () => focusControl(STATUS_CONTROL_ID),
      },
      {
        keys: 'a',
        label: 'workspace:shortcuts.assign',
        group: GROUP,
        run: () => focusControl(ASSIGNEE_CONTROL_ID),
      },
      {
        keys: 'mod+Enter',
        label: 'workspace:shortcuts.send',
        group: GROUP,
        inFields: true,
        run: () => reply.current?.send(),
      },
      {
        keys: '[',
        label: 'workspace:shortcuts.previous',
        group: GROUP,
        run: () => step('previous'),
      },
      { keys: ']', label: 'workspace:shortcuts.next', group: GROUP, run: () => step('next') },
    ],
    shown,
  );

  // On phones the side panel's code comes a second after the record is shown, so that Show
  // properties opens at once.
  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => void SidePanel.preload(), 1000);
    return () => window.clearTimeout(timer);
  }, [shown]);

  if (id === null || (detail.error?.status === 404 && !detail.loading)) return <NotFoundMessage />;
  if (!record || !view) {
    if (detail.error && !detail.loading)
      return <ErrorState message={t('details.error')} onRetry={load} />;
    return <Loading />;
  }

  const access = accessOf(record, user);
  const canChange = mayChange(access);
  const conflict = [assign, move, searchable, publicUpdate, applied].some(
    (h) => h.error?.status === 409,
  );
  const body = String(field(record, kind.bodyField) ?? '');

  return (
    <div className="record-view" data-testid="record-view">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <span className="text-body-secondary">#{record.id}</span>
        {record.is_draft && <span className="badge text-bg-secondary">{t('details.draft')}</span>}
        {record.channel === 'mail' && <MailBadge />}
        <StatusBadge name={record.status_name} />
        <CollisionIndicator recordId={record.id} />
        {near && (
          <nav aria-label={tw('nav.label')} className="d-flex align-items-center gap-1 ms-lg-3">
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              disabled={!can('previous') || stepping}
              aria-label={tw('nav.previous')}
              title={tw('nav.previous')}
              onClick={() => step('previous')}
            >
              ‹
            </button>
            <span className="small text-body-secondary">
              {tw('nav.position', { index: near.index, total: near.total })}
            </span>
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              disabled={!can('next') || stepping}
              aria-label={tw('nav.next')}
              title={tw('nav.next')}
              onClick={() => step('next')}
            >
              ›
            </button>
          </nav>
        )}
        <div className="ms-auto d-flex flex-wrap gap-2">
          {access === 'agent' && (
            <Suspense fallback={null}>
              <AgentActions record={record} />
            </Suspense>
          )}
          {!editing && canChange && (
            <button
              type="button"
              className="btn btn-primary"
              onPointerEnter={() => void loadEditForm()}
              onFocus={() => void loadEditForm()}
              onClick={() => setEditing(true)}
            >
              {t('details.edit')}
            </button>
          )}
        </div>
      </div>
      {conflict && <Alert kind="danger">{t('details.conflict')}</Alert>}
      {access === 'agent' && record.object_type === 'T' && (
        <ViewedBeforeRaising ticketId={record.id} />
      )}
      {access === 'agent' && record.object_type === 'C' && (
        <HelpCentreTotals contentId={record.id} version={record.version} />
      )}
      {editing && (
        <Suspense fallback={<Loading />}>
          <EditForm
            kind={kind}
            record={record}
            onClose={() => {
              setEditing(false);
              dispatch(recordsHolders.informationUpdate.actions.reset());
            }}
          />
        </Suspense>
      )}
      <div className="row g-3">
        <div className="col-lg-8 order-2 order-lg-1">
          <Timeline
            record={record}
            view={view}
            body={body}
            loadingOlder={viewHolder.loading}
            onSplit={access === 'agent' && record.object_type === 'T' ? setSplitting : undefined}
          />
          {record.object_type === 'C' && (access === 'owner' || access === 'agent') && (
            <Suspense fallback={<Loading />}>
              <ReviewPanel
                recordId={record.id}
                revision={record.version}
                agent={user?.user_is_hde ?? false}
              />
            </Suspense>
          )}
          {splitting !== null && record.object_type === 'T' && (
            <Suspense fallback={null}>
              <SplitDialog
                ticket={record}
                messageId={splitting}
                onClose={() => setSplitting(null)}
              />
            </Suspense>
          )}
          {canReply && (
            <ReplyBox
              ref={reply}
              record={record}
              permissions={view.permissions}
              hasNext={agent && can('next')}
              onSentNext={() => step('next')}
            />
          )}
        </div>
        <aside className="col-lg-4 order-1 order-lg-2" aria-label={tw('properties.heading')}>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm w-100 mb-2 d-lg-none"
            aria-expanded={sideOpen}
            aria-controls="record-side-panel"
            onPointerEnter={() => void SidePanel.preload()}
            onFocus={() => void SidePanel.preload()}
            onClick={() => setSideOpen(!sideOpen)}
          >
            {sideOpen ? tw('properties.hide') : tw('properties.show')}
          </button>
          {record.object_type === 'T' && !record.is_draft && (
            <Suspense fallback={null}>
              <SatisfactionCard recordId={record.id} updatedAt={record.updated_at} />
            </Suspense>
          )}
          {record.object_type === 'C' && user?.user_is_hde && (
            <Suspense fallback={null}>
              <TranslationCard recordId={record.id} />
            </Suspense>
          )}
          <div id="record-side-panel" className={`d-lg-block ${sideOpen ? '' : 'd-none'}`}>
            {(sideOpen || !narrow) && (
              <Suspense fallback={<Loading />}>
                <SidePanel kind={kind} record={record} permissions={view.permissions} />
              </Suspense>
            )}
          </div>
        </aside>
      </div>
    </div>
  );
}

const GROUP = 'workspace:shortcuts.group';

/** The details list and the sanitized body (details pages and read-only/details). */
export function RecordSummary({ kind, record }: { kind: Kind; record: HdRecord }) {
  const { t } = useTranslation('records');
  const k = kind.key;
  const body = String(field(record, kind.bodyField) ?? '');
  const dash = '—';
  const text = (name: string) => {
    const value = field(record, name);
    return value === null || value === undefined || value === '' ? dash : String(value);
  };
  const rows: [string, ReactNode][] =
    kind.type === 'T'
      ? [
          [t('fields.status'), <StatusBadge name={record.status_name} />],
          [
            t('fields.priority'),
            field(record, 'priority_name') ? <PriorityBadge name={text('priority_name')} /> : dash,
          ],
          [t('fields.company'), text('company_name')],
          [t('fields.helpDesk'), record.hd_name],
          [t('ticket.fields.owner'), text('requester_name')],
          [
            t('fields.assignee'),
            field(record, 'assignee_name') ? text('assignee_name') : t('details.unassigned'),
          ],
        ]
      : [
          [t('fields.status'), <StatusBadge name={record.status_name} />],
          [t('fields.contentType'), text('content_type_name')],
          [t('fields.helpDesk'), record.hd_name],
          [t('content.fields.owner'), text('author_name')],
          [
            t('fields.searchable'),
            field(record, 'searchable') ? t('details.yes') : t('details.no'),
          ],
          [t('fields.isPublic'), field(record, 'is_public') ? t('details.yes') : t('details.no')],
        ];
  // Content carries an assignee once an agent assigned one.
  if (kind.type === 'C' && field(record, 'assignee_name') !== undefined) {
    rows.push([
      t('fields.assignee'),
      field(record, 'assignee_name') ? text('assignee_name') : t('details.unassigned'),
    ]);
  }
  if (record.channel) rows.push([t('channel.label'), t(`channel.${record.channel}`)]);
  rows.push(
    [t('fields.created'), formatDateTimeLocal(record.created_at)],
    [t('fields.updated'), formatDateTimeLocal(record.updated_at)],
    [t('fields.version'), String(record.version)],
  );

  return (
    <>
      <div className="col-lg-4">
        <section className="card" aria-labelledby="details-heading">
          <div className="card-body">
            <h2 id="details-heading" className="h5 mb-3">
              {t('details.heading')}
            </h2>
            <dl className="mb-0">
              {rows.map(([label, value]) => (
                <div key={label} className="d-flex flex-wrap border-bottom py-2">
                  <dt className="col-5 fw-semibold">{label}</dt>
                  <dd className="col-7 mb-0">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>
      </div>
      <div className="col-lg-8">
        <section className="card" aria-labelledby="body-heading">
          <div className="card-body">
            <h2 id="body-heading" className="h5 mb-3">
              {t(`${k}.fields.body`)}
            </h2>
            <div className="record-body" dangerouslySetInnerHTML={{ __html: sanitizeHtml(body) }} />
          </div>
        </section>
      </div>
    </>
  );
}
