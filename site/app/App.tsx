// The signed-in app at /app/*: providers, session gate, shell and pages.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient } from './api/queryClient.ts';
import { shareStyleNonce } from './csp.ts';
import { AppRoutes } from './router/AppRoutes.tsx';
import { SessionGate } from './session/SessionGate.tsx';
import { AppLayout } from './shell/AppLayout.tsx';
import { theme } from './theme.ts';
import { ToastViewport } from './toast/ToastViewport.tsx';

/** `styleNonce`: the page's CSP nonce for the <style> elements Mantine adds (site/pages/app/[...path].astro). */
export default function App({ styleNonce }: { styleNonce?: string }) {
  shareStyleNonce(styleNonce);
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" getStyleNonce={styleNonce ? () => styleNonce : undefined}>
      <QueryClientProvider client={queryClient}>
        <ToastViewport />
        <SessionGate>
          <AppLayout>
            <AppRoutes />
          </AppLayout>
        </SessionGate>
      </QueryClientProvider>
    </MantineProvider>
  );
}
