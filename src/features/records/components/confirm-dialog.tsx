import '../i18n';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../lib/confirm-dialog';

/** The unsaved-changes question (lib/leave-guard.ts), asked with the shared confirmation. */
export function LeaveDialog({
  guard,
}: {
  guard: { asking: boolean; leave: () => void; stay: () => void };
}) {
  const { t } = useTranslation('records');
  return (
    <ConfirmDialog
      isOpen={guard.asking}
      title={t('leave.title')}
      confirmLabel={t('leave.leave')}
      cancelLabel={t('leave.stay')}
      onConfirm={guard.leave}
      onCancel={guard.stay}
    />
  );
}
