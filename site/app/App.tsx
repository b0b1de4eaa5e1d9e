// The signed-in app at /app/*: providers, session gate, then the router (the
// shell around each page; pages load as their own chunks).
// First: it configures zod for the page's CSP before any schema parses (in whatever chunk).
import { shareStyleNonce } from './csp.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import './theme.css';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { createQueryClient } from './api/queryClient.ts';
import { AppRouter } from './router/AppRouter.tsx';
import { SessionGate } from './session/SessionGate.tsx';
import { ME_QUERY_KEY } from './session/useSession.ts';
import type { SessionUser } from '#domain/auth/schemas.ts';
import { InterfaceLanguage } from './i18n/InterfaceLanguage.tsx';
import { useOnceTrue } from './lib/useOnceTrue.ts';
import { COLOR_SCHEME_KEY } from './prePaint.ts';
import { cssVariablesResolver, themeWithLabels } from './theme.ts';
import { useT } from './i18n/useT.ts';
import { loadErrorTexts } from './i18n/i18n.ts';

/** Light or dark, as chosen on the theme demo page: kept in this browser and followed by every tab. */
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

const ToastViewport = lazy(() => import('./toast/ToastViewport.tsx').then((m) => ({ default: m.ToastViewport })));

/** Where toasts appear: its own chunk, mounted with the first toast (the store holds it until then). */
function Toasts() {
  const wanted = useOnceTrue(useNotifications().notifications.length > 0);
  return <Suspense fallback={null}>{wanted && <ToastViewport />}</Suspense>;
}

/**
 * `styleNonce`: the page's CSP nonce for the <style> elements Mantine adds; `user`: the signed-in user the
 * page's own request found (site/pages/app/[...path].astro), so the session gate need not ask again.
 */
export default function App({ styleNonce, user }: { styleNonce?: string; user?: SessionUser | null }) {
  shareStyleNonce(styleNonce);
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (user) client.setQueryData(ME_QUERY_KEY, user);
    return client;
  });
  const t = useT();
  const close = t('common.close');
  const showPassword = t('common.showPassword');
  const theme = useMemo(() => themeWithLabels({ close, showPassword }), [close, showPassword]);
  // The error texts are not in the first load (decision 052): fetched once the shell has painted, before any error can show.
  useEffect(() => { loadErrorTexts().catch(() => undefined); }, []);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light" getStyleNonce={styleNonce ? () => styleNonce : undefined}>
      <QueryClientProvider client={queryClient}>
        <Toasts />
        <SessionGate>
          <InterfaceLanguage />
          <AppRouter />
        </SessionGate>
      </QueryClientProvider>
    </MantineProvider>
  );
}
