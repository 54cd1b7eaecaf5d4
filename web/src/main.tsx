import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders';
import './app/base.css';
import { createQueryClient } from './app/queryClient';
import { router } from './app/router';
import { initColourScheme } from './shared/theme/colourScheme';
import { reportFrameHeight } from './shared/embed/frameHeight';

initColourScheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
reportFrameHeight(container, (navigated) => {
  let shown = router.state.location.pathname;
  router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location.pathname === shown) return;
    shown = state.location.pathname;
    navigated();
  });
});

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
