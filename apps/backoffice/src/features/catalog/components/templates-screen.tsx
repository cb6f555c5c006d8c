import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TEMPLATE_KINDS, type TemplateKind } from '@prestamos-hn/contract';
import { useRef, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { DocumentFrame, ReadingDialog } from '../../../components/document-frame';
import { RefusalAlert } from '../../../components/refusal-alert';
import { formatDateTime } from '../../../lib/format';
import { useTemplates, type TemplateItem } from '../api/list-templates';
import { usePreviewTemplate, type TemplatePreview } from '../api/preview-template';
import { useSaveTemplateVersion } from '../api/save-template-version';

const KIND_LABELS: Record<TemplateKind, string> = {
  contract: 'Contrato',
  promissory_note: 'Pagaré',
  privacy_terms: 'Aviso de privacidad',
};

/**
 * The contract and the promissory note a borrower accepts with a request, and the privacy terms
 * accepted at registration: the current version, every version kept, and an editor whose draft the
 * server previews (with a sample borrower) and saves as the next version. Requests and registrations
 * made from then on use it; what was accepted keeps its version.
 */
export function TemplatesScreen() {
  const templates = useTemplates();
  const [kind, setKind] = useState<TemplateKind>('contract');
  const item = templates.data?.items.find((i) => i.kind === kind);
  return (
    <Box component="section" sx={{ py: 2 }}>
      <Title title="Plantillas" />
      <Typography component="h1" variant="h5" gutterBottom>
        Plantillas de documentos
      </Typography>
      {templates.isPending ? (
        <Typography role="status">Cargando las plantillas…</Typography>
      ) : templates.isError ? (
        <Alert severity="error" role="alert">
          {templates.error.message}
        </Alert>
      ) : (
        <>
          <Tabs
            value={kind}
            onChange={(_, value: TemplateKind) => setKind(value)}
            aria-label="Documento"
            textColor="secondary"
            indicatorColor="secondary"
            sx={{ mb: 2 }}
          >
            {TEMPLATE_KINDS.map((k) => (
              <Tab
                key={k}
                value={k}
                label={KIND_LABELS[k]}
                id={`template-tab-${k}`}
                aria-controls="template-panel"
              />
            ))}
          </Tabs>
          <Box role="tabpanel" id="template-panel" aria-labelledby={`template-tab-${kind}`}>
            {item ? (
              <TemplateEditor
                key={`${kind}-${item.current?.version ?? 0}`}
                item={item}
                placeholders={item.placeholders}
              />
            ) : (
              <Typography>Esta plantilla no existe en el servidor.</Typography>
            )}
          </Box>
        </>
      )}
    </Box>
  );
}

function TemplateEditor({ item, placeholders }: { item: TemplateItem; placeholders: string[] }) {
  const notify = useNotify();
  const save = useSaveTemplateVersion();
  const preview = usePreviewTemplate();
  const [title, setTitle] = useState(item.current?.title ?? '');
  const [body, setBody] = useState(item.current?.body ?? '');
  const [shown, setShown] = useState<TemplatePreview | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const current = item.current;
  const nextVersion = (current?.version ?? 0) + 1;
  const isChanged = title !== (current?.title ?? '') || body !== (current?.body ?? '');
  const label = KIND_LABELS[item.kind];

  /** Puts `{{name}}` where the cursor is (or over the selected text) and keeps the focus there. */
  function insertPlaceholder(name: string) {
    const field = bodyRef.current;
    const start = field?.selectionStart ?? body.length;
    const end = field?.selectionEnd ?? start;
    const text = `{{${name}}}`;
    setBody(body.slice(0, start) + text + body.slice(end));
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + text.length, start + text.length);
    });
  }

  async function handlePreview() {
    save.reset();
    try {
      setShown(await preview.mutateAsync({ kind: item.kind, title, body }));
    } catch {
      // The error is shown from preview.error.
    }
  }

  async function handleSave() {
    preview.reset();
    try {
      const { template } = await save.mutateAsync({ kind: item.kind, title, body });
      notify(`${label}: guardado como versión ${template.version}.`, { type: 'success' });
    } catch {
      // The server's Spanish refusal is shown from save.error.
    }
  }

  const refusal = save.error ?? preview.error;
  return (
    <Stack spacing={3}>
      <Typography>
        {current
          ? `Versión actual: ${current.version} · guardada el ${formatDateTime(current.createdAt)} por ${current.createdBy ?? 'la instalación inicial'}.`
          : 'Esta plantilla aún no tiene versiones: la primera que guardes será la actual.'}
      </Typography>
      <Stack spacing={2} component="form" noValidate onSubmit={(event) => event.preventDefault()}>
        <Typography component="h2" variant="h6">
          Editar {label.toLowerCase()}
        </Typography>
        <RefusalAlert message={refusal?.message} />
        <TextField
          id="template-title"
          label="Título"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          required
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <TextField
          id="template-body"
          label="Texto (HTML)"
          value={body}
          onChange={(event) => setBody(event.target.value)}
          required
          multiline
          minRows={10}
          maxRows={24}
          inputRef={bodyRef}
          helperText="Se permiten títulos, párrafos, negritas, cursivas, listas y tablas. Los scripts, estilos y enlaces se quitan al guardar."
          slotProps={{
            htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } },
          }}
        />
        <Box component="section" aria-labelledby="placeholders-title">
          <Typography id="placeholders-title" component="h3" variant="subtitle2" gutterBottom>
            Campos disponibles (toca uno para insertarlo)
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {placeholders.map((name) => (
              <Chip
                key={name}
                label={`{{${name}}}`}
                variant="outlined"
                size="small"
                onClick={() => insertPlaceholder(name)}
                sx={{ fontFamily: 'monospace' }}
              />
            ))}
          </Box>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={handlePreview} disabled={preview.isPending}>
            {preview.isPending ? 'Preparando…' : 'Vista previa'}
          </Button>
          <Button variant="contained" onClick={handleSave} disabled={!isChanged || save.isPending}>
            {save.isPending ? 'Guardando…' : `Guardar como versión ${nextVersion}`}
          </Button>
        </Stack>
      </Stack>
      <VersionHistory
        item={item}
        onLoad={(version) => {
          setTitle(version.title);
          setBody(version.body);
          notify(`Versión ${version.version} cargada en el editor.`, { type: 'info' });
        }}
      />
      {shown && <PreviewDialog preview={shown} onClose={() => setShown(null)} />}
    </Stack>
  );
}

function VersionHistory({
  item,
  onLoad,
}: {
  item: TemplateItem;
  onLoad: (version: TemplateItem['versions'][number]) => void;
}) {
  if (item.versions.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="versions-title">
      <Typography id="versions-title" component="h2" variant="h6">
        Versiones
      </Typography>
      <List aria-labelledby="versions-title" dense>
        {item.versions.map((version, index) => (
          <ListItem key={version.version} divider sx={{ gap: 1 }}>
            <ListItemText
              primary={`Versión ${version.version}${index === 0 ? ' (actual)' : ''} · ${version.title}`}
              secondary={`${formatDateTime(version.createdAt)} · ${version.createdBy ?? 'Instalación inicial'}`}
            />
            <Button
              size="small"
              onClick={() => onLoad(version)}
              aria-label={`Cargar la versión ${version.version} en el editor`}
              sx={{ flexShrink: 0 }}
            >
              Cargar
            </Button>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** The server's rendering of the draft, in a frame that runs no script and loads nothing. */
function PreviewDialog({ preview, onClose }: { preview: TemplatePreview; onClose: () => void }) {
  return (
    <ReadingDialog
      titleId="template-preview-title"
      title={`Vista previa: ${preview.title}`}
      // Focusable, so a keyboard can scroll it on a small screen.
      contentProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Documento de ejemplo' }}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <Typography variant="body2">
          Con datos de ejemplo: un cliente ficticio y un préstamo de L 1,000.00 a 90 días, mensual.
        </Typography>
        {preview.unknownPlaceholders.length > 0 && (
          <Alert severity="warning">
            Estos campos no existen y no se llenarán:{' '}
            {preview.unknownPlaceholders.map((name) => `{{${name}}}`).join(', ')}. Corrígelos antes de
            guardar.
          </Alert>
        )}
        <DocumentFrame
          title={`Vista previa: ${preview.title}`}
          document={preview}
          sx={{
            width: '100%',
            height: { xs: '45vh', sm: 480 },
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'background.paper',
          }}
        />
      </Stack>
    </ReadingDialog>
  );
}
