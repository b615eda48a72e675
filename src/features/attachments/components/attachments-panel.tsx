import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent, DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDateTimeLocal } from '../../../lib/dates';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import {
  attachmentsHolders,
  downloadRequested,
  filesPicked,
  thumbnailRequested,
  thumbnailsReleased,
} from '../attachments-slice';
import type { Attachment, RecordKey, UploadEntry } from '../types';

const H = attachmentsHolders;

/** '12.3 KB' below a megabyte, else '4.5 MB'. */
export function formatSize(bytes: number, t: (key: string, values: { value: string }) => string) {
  if (bytes < 1024 * 1024) {
    return t('size.kb', { value: Math.max(0.1, bytes / 1024).toFixed(1) });
  }
  return t('size.mb', { value: (bytes / (1024 * 1024)).toFixed(1) });
}

/** Every picked or dropped file, as an upload entry carrying its original File object. */
function entriesOf(files: FileList | null): UploadEntry[] {
  return Array.from(files ?? []).map((file) => ({ name: file.name, originFileObj: file }));
}

function Thumbnail({ attachment }: { attachment: Attachment }) {
  const dispatch = useAppDispatch();
  const url = useAppSelector((state) => state.attachments.thumbnails[attachment.id]);
  useEffect(() => {
    dispatch(thumbnailRequested({ attachmentId: attachment.id }));
  }, [dispatch, attachment.id]);
  const size = { width: 64, height: 64 };
  if (!url) return <span className="d-inline-block bg-body-secondary rounded" style={size} />;
  return (
    <img
      className="rounded"
      style={{ ...size, objectFit: 'cover' }}
      src={url}
      alt={attachment.file_name}
    />
  );
}

/** The record's files: upload (input or drop), progress, list, download, thumbnails, delete. */
export function AttachmentsPanel({
  record,
  userId,
  isAgent,
}: {
  record: RecordKey;
  userId: number | null;
  isAgent: boolean;
}) {
  const { t } = useTranslation('attachments');
  const dispatch = useAppDispatch();
  const headingId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useAppSelector((state) => state.holders.fileAttachment);
  const allUploads = useAppSelector((state) => state.attachments.uploads);
  const allRejected = useAppSelector((state) => state.attachments.uploadErrors);
  const [dragging, setDragging] = useState(false);
  const [toDelete, setToDelete] = useState<Attachment | null>(null);
  const { type, id } = record;

  // The record view's details call usually brought the files already: then no call of its own.
  const loaded = list.data?.recordId === id;
  useEffect(() => {
    if (!loaded) dispatch(H.fileAttachment.actions.requested({ type, id }));
  }, [dispatch, type, id, loaded]);
  useEffect(
    () => () => {
      dispatch(thumbnailsReleased());
    },
    [dispatch, type, id],
  );

  const pick = (entries: UploadEntry[]) => {
    if (entries.length > 0) dispatch(filesPicked({ record: { type, id }, entries }));
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    pick(entriesOf(event.target.files));
    event.target.value = '';
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    pick(entriesOf(event.dataTransfer.files));
  };
  const items = list.data?.recordId === id ? list.data.items : null;
  const uploads = allUploads.filter((u) => u.recordId === id);
  const rejected = allRejected.filter((e) => e.recordId === id);

  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h5 mb-3">
          {t('heading')}
        </h2>
        <div
          className={`attachment-drop border border-2 rounded p-3 mb-3${dragging ? ' border-primary bg-primary-subtle' : ' border-secondary-subtle'}`}
          style={{ borderStyle: 'dashed' }}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="attachment-drop-zone"
        >
          <p className="mb-2">
            {t('dropZone')} <span className="text-body-secondary">{t('dropHint')}</span>
          </p>
          <label htmlFor={inputId} className="form-label">
            {t('addFiles')}
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple
            className="form-control"
            onChange={onChange}
          />
        </div>
        {uploads.length > 0 && (
          <ul className="list-unstyled mb-3">
            {uploads.map((upload) => (
              <li key={upload.key} className="mb-2">
                <div className="small mb-1">{t('uploading', { file: upload.fileName })}</div>
                <div
                  className="progress"
                  role="progressbar"
                  aria-label={t('uploading', { file: upload.fileName })}
                  aria-valuenow={upload.percent}
                  aria-valuemin={0}
                  aria-valuemax={100}
                >
                  <div className="progress-bar" style={{ width: `${upload.percent}%` }} />
                </div>
              </li>
            ))}
          </ul>
        )}
        {rejected.length > 0 && (
          <div className="alert alert-danger" role="alert">
            {rejected.map((error, index) => (
              <div key={index}>{error.message}</div>
            ))}
          </div>
        )}
        {items === null ? (
          list.loading && (
            <p role="status" className="mb-0">
              {t('loading')}
            </p>
          )
        ) : items.length === 0 ? (
          <p className="mb-0">{t('empty')}</p>
        ) : (
          <ul className="list-group" aria-labelledby={headingId}>
            {items.map((file) => (
              <li
                key={file.id}
                className="list-group-item d-flex flex-wrap gap-3 align-items-center"
              >
                {file.is_image && <Thumbnail attachment={file} />}
                <div className="flex-grow-1 text-break">
                  <div className="fw-semibold">{file.file_name}</div>
                  <div className="small">
                    {formatSize(file.size, t)} · {t('uploadedBy', { name: file.uploaded_by_name })}{' '}
                    · <time dateTime={file.created_at}>{formatDateTimeLocal(file.created_at)}</time>
                  </div>
                </div>
                <div className="d-flex gap-2">
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary"
                    aria-label={t('download', { file: file.file_name })}
                    onClick={() =>
                      dispatch(
                        downloadRequested({ attachmentId: file.id, fileName: file.file_name }),
                      )
                    }
                  >
                    {t('downloadButton')}
                  </button>
                  {(isAgent || file.uploaded_by_id === userId) && (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      aria-label={t('delete', { file: file.file_name })}
                      onClick={() => setToDelete(file)}
                    >
                      {t('deleteButton')}
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        isOpen={toDelete !== null}
        title={t('confirm.title')}
        text={toDelete ? t('confirm.text', { file: toDelete.file_name }) : undefined}
        confirmLabel={t('confirm.delete')}
        cancelLabel={t('confirm.cancel')}
        danger
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) {
            dispatch(
              H.uploadDelete.actions.requested({
                record: { type, id },
                attachmentId: toDelete.id,
                fileName: toDelete.file_name,
              }),
            );
          }
          setToDelete(null);
          input.current?.focus();
        }}
      />
    </section>
  );
}
