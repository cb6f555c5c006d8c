import RestartAltIcon from '@mui/icons-material/RestartAlt';
import RotateLeftIcon from '@mui/icons-material/RotateLeft';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';

const ZOOM_STEPS = [0.5, 0.75, 1, 1.5, 2, 3, 4];
const FIT = 2;

function Tool({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      {/* The span keeps the tooltip working on a disabled button. */}
      <span>
        <IconButton aria-label={label} disabled={disabled} onClick={onClick}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * The photo of a receipt, with zoom (50 % to 400 %) and rotation by quarter turns (CSS transforms):
 * every tool a labelled button, the photo's frame scrollable with the keyboard.
 */
export function ReceiptPhoto({
  src,
  alt,
  height = { xs: 360, md: 560 },
}: {
  src: string;
  alt: string;
  /** The frame's height (px) on a phone and on a desktop: smaller inside a dialog. */
  height?: { xs: number; md: number };
}) {
  const [zoomIndex, setZoomIndex] = useState(FIT);
  const [rotation, setRotation] = useState(0);
  const zoom = ZOOM_STEPS[zoomIndex]!;
  const quarterTurn = rotation % 180 !== 0;
  return (
    <Box>
      <Stack
        direction="row"
        role="toolbar"
        aria-label="Herramientas de la foto"
        sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5, mb: 1 }}
      >
        <Tool
          label="Alejar"
          disabled={zoomIndex === 0}
          onClick={() => setZoomIndex((i) => Math.max(0, i - 1))}
        >
          <ZoomOutIcon />
        </Tool>
        <Tool
          label="Acercar"
          disabled={zoomIndex === ZOOM_STEPS.length - 1}
          onClick={() => setZoomIndex((i) => Math.min(ZOOM_STEPS.length - 1, i + 1))}
        >
          <ZoomInIcon />
        </Tool>
        <Tool label="Girar a la izquierda" onClick={() => setRotation((r) => (r + 270) % 360)}>
          <RotateLeftIcon />
        </Tool>
        <Tool label="Girar a la derecha" onClick={() => setRotation((r) => (r + 90) % 360)}>
          <RotateRightIcon />
        </Tool>
        <Tool
          label="Restablecer la foto"
          onClick={() => {
            setZoomIndex(FIT);
            setRotation(0);
          }}
        >
          <RestartAltIcon />
        </Tool>
        <Typography role="status" variant="body2" sx={{ ml: 1 }}>
          Zoom {Math.round(zoom * 100)} % · Giro {rotation}°
        </Typography>
      </Stack>
      <Box
        tabIndex={0}
        role="region"
        aria-label="Foto del comprobante (desplázate con las flechas)"
        sx={{
          height,
          overflow: 'auto',
          bgcolor: 'grey.900',
          borderRadius: 1,
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
        }}
      >
        <Box
          sx={{
            // Room for the zoomed photo to scroll in.
            width: `${Math.max(100, zoom * 100)}%`,
            height: `${Math.max(100, zoom * 100)}%`,
            display: 'grid',
            placeItems: 'center',
            // The photo's limits below are this box's sides (cqw, cqh), swapped on a quarter turn.
            containerType: 'size',
          }}
        >
          <Box
            component="img"
            src={src}
            alt={alt}
            data-zoom={zoom}
            data-rotation={rotation}
            sx={{
              // Turned a quarter, the photo's width becomes its height: fit it the other way round.
              maxWidth: quarterTurn ? '100cqh' : '100cqw',
              maxHeight: quarterTurn ? '100cqw' : '100cqh',
              transform: `scale(${Math.min(zoom, 1)}) rotate(${rotation}deg)`,
              transformOrigin: 'center',
              transition: 'transform 150ms',
            }}
          />
        </Box>
      </Box>
    </Box>
  );
}
