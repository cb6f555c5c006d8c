import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

describe('theme', () => {
  it('follows SPEC section 9', () => {
    expect(theme.palette.primary.main).toBe('#4c74e9');
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 });
    expect(theme.spacing(1)).toBe('8px');
    expect(theme.shape.borderRadius).toBe(4);
    expect(theme.typography.fontSize).toBe(14);
    expect(theme.typography.fontFamily).toMatch(/^Roboto,/);
  });

  it('keeps blue text and text on blue readable (WCAG AA, 4.5:1)', () => {
    expect(getContrastRatio(theme.palette.primary.main, '#fff')).toBeLessThan(4.5);
    expect(getContrastRatio(theme.palette.primary.dark, '#fff')).toBeGreaterThanOrEqual(4.5);
    expect(
      getContrastRatio(theme.palette.primary.dark, theme.palette.primary.contrastText),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it("gives MUI's alerts their Spanish close label", () => {
    expect(theme.components?.MuiAlert?.defaultProps?.closeText).toBe('Cerrar');
  });

  it("leaves out MUI's whole Spanish locale, which builds an Intl number format as it loads", () => {
    // A slow phone pays ~80 ms for its first Intl object; the locale's tables are the back-office's.
    expect(theme.components).not.toHaveProperty('MuiTablePagination');
  });
});
