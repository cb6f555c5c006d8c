import Chip from '@mui/material/Chip';

export type ChipTone = 'neutral' | 'warning' | 'success' | 'error';

// Light backgrounds with dark text: every pair passes WCAG AA (MUI's outlined warning chip does not).
const TONES: Record<ChipTone, { bgcolor: string; color: string }> = {
  neutral: { bgcolor: '#eeeeee', color: '#424242' },
  warning: { bgcolor: '#fff3e0', color: '#7a4100' },
  success: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  error: { bgcolor: '#fdecea', color: '#a31515' },
};

/** A small state label (profile state, review kind, census match). */
export function StatusChip({ label, tone }: { label: string; tone: ChipTone }) {
  return <Chip size="small" label={label} sx={{ ...TONES[tone], fontWeight: 500 }} />;
}
