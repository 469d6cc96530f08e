import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './app/base.css';
import { AppProviders } from './app/appProviders';
import { createAppRouter } from './app/router';
import { unregisterServiceWorkers } from './app/serviceWorkers';
import { initI18n } from './i18n';

void unregisterServiceWorkers();

// The router starts at once: the session check and the first page's chunk load while i18n starts.
const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

void initI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
