// Renderer entry: install the transport, then render the shell.
import { createRoot } from 'react-dom/client';
import { api, onConnectionChange } from './lib/api.ts';
import { setApi } from './lib/ipc.ts';
import { setConnectionSource } from './lib/connection.ts';
import { App } from './App.tsx';
import { applyTheme } from './app/useAppearance.ts';
import './styles/theme.css';
import './styles/base.css';
import './app/app.css';

setApi(api);
setConnectionSource(onConnectionChange);

const root = document.getElementById('root');
applyTheme('system'); // settings arrive later; until then follow the OS
if (root) createRoot(root).render(<App />);
