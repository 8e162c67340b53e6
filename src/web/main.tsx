import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The shell's styles first: the screens' own stylesheets build on them.
import './styles.css';
import { App } from './app/app.tsx';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
