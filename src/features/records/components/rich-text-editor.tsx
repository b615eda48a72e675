import '../i18n';
import { useEffect, useMemo } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';

export interface RichTextEditorProps {
  id: string;
  /** Id of the visible label: the editable area is labelled by it. */
  labelId: string;
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  invalid: boolean;
  describedBy?: string;
}

/**
 * TipTap (ProseMirror) editor; stores HTML ('' when empty). Loaded lazily with the form pages.
 * The editable area is a labelled textbox; the toolbar is a labelled toolbar of toggle buttons.
 */
export default function RichTextEditor({
  id,
  labelId,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
}: RichTextEditorProps) {
  const { t } = useTranslation('records');
  // The ARIA state goes in the options themselves: TipTap's useEditor puts its options back on
  // every render, so attributes set aside (an effect calling setOptions) were soon undone.
  const editorProps = useMemo(
    () => ({
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: `form-control rich-text-area${invalid ? ' is-invalid' : ''}`,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    }),
    [id, labelId, invalid, describedBy],
  );
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur(),
  });

  // A value set from outside (a loaded draft, a reset) replaces the content.
  useEffect(() => {
    if (editor.isDestroyed) return;
    const html = editor.isEmpty ? '' : editor.getHTML();
    if (value !== html) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
    }),
  });

  const buttons = [
    { key: 'bold', label: t('editor.bold'), run: () => editor.chain().focus().toggleBold().run() },
    {
      key: 'italic',
      label: t('editor.italic'),
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      key: 'bulletList',
      label: t('editor.bulletList'),
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'orderedList',
      label: t('editor.orderedList'),
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
  ] as const;

  return (
    <div className="rich-text">
      <div
        role="toolbar"
        aria-label={t('editor.toolbar')}
        aria-controls={id}
        className="btn-group btn-group-sm mb-1"
      >
        {buttons.map((button) => (
          <button
            key={button.key}
            type="button"
            className={`btn btn-outline-secondary${active?.[button.key] ? ' active' : ''}`}
            aria-pressed={active?.[button.key] ?? false}
            onClick={button.run}
          >
            {button.label}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
