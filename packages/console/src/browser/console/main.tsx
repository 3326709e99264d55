import { type CSSVariablesResolver, createTheme, MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '../shared/sign-in.css';
import './console.css';
import { readPageConfig } from '../shared/page-config.js';
import { ConsoleApp } from './console-app.js';

const theme = createTheme({
  primaryColor: 'blue',
  // Mantine's default shade (blue 6, #228be6) is 3.6:1 against white; blue 8 is 5.0:1, so filled buttons and
  // links meet WCAG AA.
  primaryShade: { light: 8, dark: 8 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif',
});

// Mantine's dimmed grey is 3.3:1 on white; this one is 6.6:1, so secondary text meets WCAG AA. Light and subtle
// buttons write blue 9 on blue 1, and on blue 2 under the pointer (4.0:1); tinted one step lighter, the text
// stays above 4.5:1 under the pointer too. An invalid input writes its text in the error color, red 6 (3.3:1);
// red 9 is 5.4:1.
const variables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#525c6b',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-blue-light': 'var(--mantine-color-blue-0)',
    '--mantine-color-blue-light-hover': 'var(--mantine-color-blue-1)',
  },
  dark: {},
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={variables}>
        <ConsoleApp config={readPageConfig()} />
      </MantineProvider>
    </StrictMode>,
  );
}
