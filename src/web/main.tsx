// The shop's currency and locale before any module formats a price.
import './lib/shop-money.ts';
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
