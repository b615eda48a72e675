import { useAppSelector } from '../../../app/hooks';
import { AttachmentsPanel } from '../../attachments/components/attachments-panel';
import type { Access, HdRecord } from '../../records/types';
import '../i18n';
import { ConversationPanel } from './conversation-panel';
import { FollowButton } from './follow-button';
import { MailLogPanel } from './mail-log-panel';
import { WorkLogPanel } from './work-log-panel';

/** The caller's role for the record ('reader' when the answer does not say). */
export function recordAccess(record: HdRecord): Access {
  const access = record.access;
  // An organization's member works its shared tickets as a person they are shared with.
  if (access === 'organization') return 'shared';
  return access === 'owner' || access === 'shared' || access === 'agent' ? access : 'reader';
}

/**
 * Working a record (docs/api-working.md): follow, attachments, conversation for its owner,
 * those it is shared with and agents; agents also see the work log and the communication log.
 * Readers see none of it.
 */
export function RecordWorkPanels({ record }: { record: HdRecord }) {
  const userId = useAppSelector((state) => state.auth.user?.id ?? null);
  const access = recordAccess(record);
  if (access === 'reader') return null;
  const isAgent = access === 'agent';
  const key = { type: record.object_type, id: record.id };
  return (
    <div className="row g-3" data-testid="record-work-panels">
      <div className="col-12 d-flex justify-content-end">
        <FollowButton record={key} following={record.following} />
      </div>
      <div className="col-lg-6">
        <AttachmentsPanel record={key} userId={userId} isAgent={isAgent} />
      </div>
      <div className="col-lg-6">
        <ConversationPanel record={key} isAgent={isAgent} />
      </div>
      {isAgent && (
        <>
          <div className="col-lg-6">
            <WorkLogPanel record={key} />
          </div>
          <div className="col-lg-6">
            <MailLogPanel record={key} />
          </div>
        </>
      )}
    </div>
  );
}
