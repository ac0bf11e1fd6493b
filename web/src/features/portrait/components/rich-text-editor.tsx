import FormatBoldRoundedIcon from '@mui/icons-material/FormatBoldRounded';
import FormatListBulletedRoundedIcon from '@mui/icons-material/FormatListBulletedRounded';
import FormatListNumberedRoundedIcon from '@mui/icons-material/FormatListNumberedRounded';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

interface RichTextEditorProps {
  /** The editor's accessible name. */
  label: string;
  /** The HTML the editor starts from, and takes again when it changes from outside (after a save). */
  value: string;
  onChange: (html: string, text: string) => void;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Bold and lists, nothing else (part 2 §5): every other mark and node of the
 * starter kit is off, so a paste keeps only what the server keeps too
 * (internal/media/text.go RichPolicy).
 */
export function RichTextEditor({ label, value, onChange, invalid = false, describedBy }: RichTextEditorProps) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        blockquote: false,
        code: false,
        codeBlock: false,
        heading: false,
        horizontalRule: false,
        italic: false,
        link: false,
        strike: false,
        underline: false,
        dropcursor: false,
        gapcursor: false,
        trailingNode: false,
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML(), e.getText()),
  });

  // A save answers with the server's HTML: the editor shows it, unless it is what it already holds.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== editor.getHTML() && !(value === '' && editor.isEmpty)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': label,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
        },
      },
    });
  }, [editor, label, describedBy, invalid]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      bulletList: e?.isActive('bulletList') ?? false,
      orderedList: e?.isActive('orderedList') ?? false,
    }),
  });

  const tools = [
    { key: 'bold', label: t('portrait.toolbar.bold'), icon: <FormatBoldRoundedIcon />, active: state?.bold ?? false, run: () => editor?.chain().focus().toggleBold().run() },
    { key: 'bullet', label: t('portrait.toolbar.bulletList'), icon: <FormatListBulletedRoundedIcon />, active: state?.bulletList ?? false, run: () => editor?.chain().focus().toggleBulletList().run() },
    { key: 'ordered', label: t('portrait.toolbar.orderedList'), icon: <FormatListNumberedRoundedIcon />, active: state?.orderedList ?? false, run: () => editor?.chain().focus().toggleOrderedList().run() },
  ];

  return (
    <Box
      sx={{
        border: 1,
        borderColor: invalid ? 'error.main' : 'divider',
        borderRadius: 1,
        '&:focus-within': { borderColor: invalid ? 'error.main' : 'primary.main', boxShadow: (theme) => `0 0 0 1px ${invalid ? theme.palette.error.main : theme.palette.primary.main}` },
      }}
    >
      <Box role="toolbar" aria-label={t('portrait.toolbar.label', { section: label })} sx={{ display: 'flex', gap: 0.5, p: 0.5, borderBottom: 1, borderColor: 'divider' }}>
        {tools.map((tool) => (
          <Tooltip key={tool.key} title={tool.label}>
            <ToggleButton
              value={tool.key}
              size="small"
              selected={tool.active}
              aria-label={tool.label}
              aria-pressed={tool.active}
              onChange={tool.run}
              onMouseDown={(e) => e.preventDefault()}
              sx={{ border: 0, width: 40, height: 40 }}
            >
              {tool.icon}
            </ToggleButton>
          </Tooltip>
        ))}
      </Box>
      <Box
        sx={{
          px: 2,
          py: 1,
          typography: 'body1',
          '& .tiptap': { minHeight: 140, outline: 'none', overflowWrap: 'anywhere' },
          '& .tiptap p': { my: 1 },
          '& .tiptap ul, & .tiptap ol': { pl: 3, my: 1 },
          '& .tiptap li p': { my: 0.25 },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
