// The borrower's theme has no CSS variables and no colour schemes (packages/ui/src/theme.ts), so MUI's
// `createTheme` always answers `createThemeNoVars(options)` and its `ThemeProvider` always renders
// `ThemeProviderNoVars`. Both still import their CSS-variables halves (createThemeWithVars,
// CssVarsProvider, InitColorSchemeScript…), which every MUI component reaches through its default
// theme: about 5 KiB gzip of every screen's first load that never runs (issue 33). This plugin builds
// the two modules as the branch the app takes, and fails loudly if a theme ever asks for the other.
import type { Plugin } from 'vite';

const CREATE_THEME = `import createThemeNoVars from './createThemeNoVars.mjs';
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options) {
    throw new Error('This build of MUI has no CSS-variables themes (scripts/mui-theme-without-css-vars.ts).');
  }
  return createThemeNoVars(options, ...args);
}
`;

const THEME_PROVIDER = `'use client';
import * as React from 'react';
import ThemeProviderNoVars from './ThemeProviderNoVars.mjs';
import THEME_ID from './identifier.mjs';
import { jsx as _jsx } from 'react/jsx-runtime';
export default function ThemeProvider({ theme, ...props }) {
  const noVarsTheme = React.useMemo(() => {
    if (typeof theme === 'function') return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ('colorSchemes' in muiTheme) {
      throw new Error('This build of MUI has no CSS-variables themes (scripts/mui-theme-without-css-vars.ts).');
    }
    return 'vars' in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return _jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });
}
`;

const replaced: Record<string, string> = {
  '/@mui/material/styles/createTheme.mjs': CREATE_THEME,
  '/@mui/material/styles/ThemeProvider.mjs': THEME_PROVIDER,
};

export function muiThemeWithoutCssVars(): Plugin {
  return {
    name: 'prestamos-hn:mui-theme-without-css-vars',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const path = (id.split('?')[0] ?? id).replaceAll('\\', '/');
      for (const [suffix, code] of Object.entries(replaced)) {
        if (path.endsWith(suffix)) return code;
      }
      return null;
    },
  };
}
