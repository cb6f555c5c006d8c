import RotateRightIcon from '@mui/icons-material/RotateRight';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import type { BorrowerDocument as Document } from '../api/get-borrower-file';

const ZOOM_STEPS = [0.5, 0.75, 1, 1.5, 2, 3];

/** One document large, with zoom (50 % to 300 %) and rotation by quarter turns. */
function DocumentDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const [zoomIndex, setZoomIndex] = useState(2);
  const [rotation, setRotation] = useState(0);
  const zoom = ZOOM_STEPS[zoomIndex]!;
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="document-title">
      <DialogTitle id="document-title">{document.label}</DialogTitle>
      <DialogContent dividers sx={{ height: '70vh', overflow: 'auto', bgcolor: 'grey.900', p: 0 }}>
        <Box sx={{ minHeight: '100%', display: 'grid', placeItems: 'center', p: 2 }}>
          <Box
            component="img"
            src={document.url}
            alt={document.label}
            data-zoom={zoom}
            data-rotation={rotation}
            sx={{
              maxWidth: '100%',
              maxHeight: '60vh',
              transform: `scale(${zoom}) rotate(${rotation}deg)`,
              transformOrigin: 'center',
              transition: 'transform 150ms',
            }}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Typography role="status" sx={{ mr: 'auto', pl: 1 }}>
          Zoom {Math.round(zoom * 100)} % · Giro {rotation}°
        </Typography>
        <Button
          startIcon={<ZoomOutIcon />}
          disabled={zoomIndex === 0}
          onClick={() => setZoomIndex((i) => Math.max(0, i - 1))}
        >
          Alejar
        </Button>
        <Button
          startIcon={<ZoomInIcon />}
          disabled={zoomIndex === ZOOM_STEPS.length - 1}
          onClick={() => setZoomIndex((i) => Math.min(ZOOM_STEPS.length - 1, i + 1))}
        >
          Acercar
        </Button>
        <Button startIcon={<RotateRightIcon />} onClick={() => setRotation((r) => (r + 90) % 360)}>
          Girar
        </Button>
        <Button variant="contained" onClick={onClose}>
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The four documents as thumbnails (bytes through the authenticated, audited route); click to enlarge. */
export function DocumentGallery({ documents }: { documents: Document[] }) {
  const [open, setOpen] = useState<Document | undefined>();
  if (documents.length === 0) return <Typography>El cliente no ha subido documentos.</Typography>;
  return (
    <>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
        }}
      >
        {documents.map((document) => (
          <li key={document.id}>
            <ButtonBase
              onClick={() => setOpen(document)}
              aria-label={`Ver ${document.label}`}
              sx={{
                display: 'grid',
                width: '100%',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                overflow: 'hidden',
                textAlign: 'left',
              }}
            >
              <Box
                component="img"
                src={document.url}
                alt=""
                loading="lazy"
                sx={{ width: '100%', height: 140, objectFit: 'cover', bgcolor: 'grey.200' }}
              />
              <Box sx={{ p: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {document.label}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(document.uploadedAt)}
                </Typography>
              </Box>
            </ButtonBase>
          </li>
        ))}
      </Box>
      {open && <DocumentDialog document={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}
