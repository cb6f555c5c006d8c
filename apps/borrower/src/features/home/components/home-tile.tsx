import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { notificationBadgeLabel } from '@prestamos-hn/domain';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { visuallyHidden } from '../../../components/visually-hidden';

interface HomeTileProps {
  label: string;
  caption: string;
  icon: ReactNode;
  /** A route to go to, or an action; neither, or `disabled`, makes the tile visibly disabled. */
  to?: string;
  onClick?: () => void;
  disabled?: boolean;
  /** The id of the text that says why the tile is disabled. */
  describedBy?: string;
  /** A count on the icon (unread answers), with its words for screen readers. */
  badge?: { count: number; label: string };
}

/** One square of Inicio's grid: icon, name, one line about it. */
export function HomeTile({
  label,
  caption,
  icon,
  to,
  onClick,
  disabled = false,
  describedBy,
  badge,
}: HomeTileProps) {
  const linkProps = to && !disabled ? { component: Link, to } : {};
  return (
    <ButtonBase
      {...linkProps}
      onClick={disabled ? undefined : onClick}
      disabled={disabled}
      aria-describedby={describedBy}
      focusRipple
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 0.5,
        minHeight: 104,
        p: 1.5,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        bgcolor: disabled ? 'action.hover' : 'background.paper',
        textAlign: 'center',
        '&.Mui-disabled': { borderStyle: 'dashed' },
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Box
        aria-hidden
        sx={{
          color: disabled ? 'text.secondary' : 'primary.main',
          display: 'grid',
          '& svg': { fontSize: 32 },
        }}
      >
        <Badge
          badgeContent={badge ? notificationBadgeLabel(badge.count) : 0}
          color="error"
          invisible={!badge || badge.count === 0}
        >
          {icon}
        </Badge>
      </Box>
      <Typography component="span" variant="subtitle1" sx={{ fontWeight: 500, color: 'text.primary' }}>
        {label}
      </Typography>
      <Typography component="span" variant="caption" sx={{ color: 'text.secondary', lineHeight: 1.3 }}>
        {caption}
      </Typography>
      {badge && badge.count > 0 && <span style={visuallyHidden}>{badge.label}</span>}
    </ButtonBase>
  );
}
