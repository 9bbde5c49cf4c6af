import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { reportOpenDialogs } from './report-dialogs';
import 'sonner/dist/styles.css';
// In this order: later files refine the earlier ones.
import './styles/base.css';
import './styles/top-bar.css';
import './styles/list.css';
import './styles/rows.css';
import './styles/settings-and-dialogs.css';
import './styles/details.css';
import './styles/fitting.css';

reportOpenDialogs(document);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
