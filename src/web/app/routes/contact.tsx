import type { ReactNode } from 'react';
import { usePageTitle } from '../../components/ui/page-title.ts';
import './static-page.css';

const SUPPORT_EMAIL = 'help@emporium.example';
const PHONE = { display: '+1 (555) 010-0199', dial: '+15550100199' };
const TOLL_FREE = { display: '1-800-555-0100', dial: '+18005550100' };

/** A 24px line icon (decorative). */
function Icon({ children }: { children: ReactNode }) {
  return (
    <span className="contact-list__icon" aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {children}
      </svg>
    </span>
  );
}

export default function ContactRoute() {
  usePageTitle('Contact us');
  return (
    <article className="card static-page" aria-labelledby="contact-title">
      <h1 id="contact-title">Contact us</h1>
      <p className="muted">A question about a product or an order? Write or call us: we are happy to help.</p>
      <ul className="contact-list">
        <li>
          <Icon>
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="m3 7 9 6 9-6" />
          </Icon>
          <span>
            <span className="contact-list__label">E-mail</span>
            <a href={`mailto:${SUPPORT_EMAIL}`}>
              {SUPPORT_EMAIL.split('@')[0]}@
              <wbr />
              {SUPPORT_EMAIL.split('@')[1]}
            </a>
          </span>
        </li>
        <li>
          <Icon>
            <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
          </Icon>
          <span>
            <span className="contact-list__label">Phone</span>
            <a href={`tel:${PHONE.dial}`}>{PHONE.display}</a>
          </span>
        </li>
        <li>
          <Icon>
            <path d="M3 18v-6a9 9 0 0 1 18 0v6" />
            <path d="M21 19a2 2 0 0 1-2 2h-1a2 2 0 0 1-2-2v-3a2 2 0 0 1 2-2h3zM3 19a2 2 0 0 0 2 2h1a2 2 0 0 0 2-2v-3a2 2 0 0 0-2-2H3z" />
          </Icon>
          <span>
            <span className="contact-list__label">Toll-free support</span>
            <a href={`tel:${TOLL_FREE.dial}`}>{TOLL_FREE.display}</a>
          </span>
        </li>
      </ul>
    </article>
  );
}
