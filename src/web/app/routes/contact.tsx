import type { ReactNode } from 'react';
import type { ShopDetails } from '../../../contract/shop-content.ts';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { useShopContent } from '../../features/shop/api/get-shop-content.ts';
import './static-page.css';

/** The specification's contact placeholders, shown until the owner writes the shop's own details. */
const PLACEHOLDER = {
  email: 'help@emporium.example',
  phone: '+1 (555) 010-0199',
  tollFree: '1-800-555-0100',
};

/** The number to dial: digits, with a leading + kept. */
const dialable = (phone: string) => phone.replace(/(?!^\+)[^\d]/g, '');

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

const MAIL_ICON = (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </Icon>
);
const PHONE_ICON = (
  <Icon>
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
  </Icon>
);
const HEADSET_ICON = (
  <Icon>
    <path d="M3 18v-6a9 9 0 0 1 18 0v6" />
    <path d="M21 19a2 2 0 0 1-2 2h-1a2 2 0 0 1-2-2v-3a2 2 0 0 1 2-2h3zM3 19a2 2 0 0 0 2 2h1a2 2 0 0 0 2-2v-3a2 2 0 0 0-2-2H3z" />
  </Icon>
);
const PIN_ICON = (
  <Icon>
    <path d="M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12z" />
    <circle cx="12" cy="10" r="2.5" />
  </Icon>
);

function ContactItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li>
      {icon}
      <span>
        <span className="contact-list__label">{label}</span>
        {children}
      </span>
    </li>
  );
}

/** An e-mail address that may break after its @ on a narrow screen. */
function MailLink({ address }: { address: string }) {
  const at = address.indexOf('@');
  return (
    <a href={`mailto:${address}`}>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </a>
  );
}

/** The owner's details: only what they have written. */
function OwnerDetails({ details }: { details: ShopDetails }) {
  return (
    <ul className="contact-list">
      {details.email ? (
        <ContactItem icon={MAIL_ICON} label="E-mail">
          <MailLink address={details.email} />
        </ContactItem>
      ) : null}
      {details.phone ? (
        <ContactItem icon={PHONE_ICON} label="Phone">
          <a href={`tel:${dialable(details.phone)}`}>{details.phone}</a>
        </ContactItem>
      ) : null}
      {details.address ? (
        <ContactItem icon={PIN_ICON} label="Address">
          <span className="plain-text">{details.address}</span>
        </ContactItem>
      ) : null}
    </ul>
  );
}

function PlaceholderDetails() {
  return (
    <ul className="contact-list">
      <ContactItem icon={MAIL_ICON} label="E-mail">
        <MailLink address={PLACEHOLDER.email} />
      </ContactItem>
      <ContactItem icon={PHONE_ICON} label="Phone">
        <a href={`tel:${dialable(PLACEHOLDER.phone)}`}>{PLACEHOLDER.phone}</a>
      </ContactItem>
      <ContactItem icon={HEADSET_ICON} label="Toll-free support">
        <a href={`tel:${dialable(PLACEHOLDER.tollFree)}`}>{PLACEHOLDER.tollFree}</a>
      </ContactItem>
    </ul>
  );
}

export default function ContactRoute() {
  usePageTitle('Contact us');
  const shop = useShopContent();
  const details = shop.data?.details;
  const written = details && (details.email || details.phone || details.address);
  return (
    <article className="card static-page" aria-labelledby="contact-title" aria-busy={shop.isPending}>
      <h1 id="contact-title">Contact us</h1>
      <p className="muted">A question about a product or an order? Write or call us: we are happy to help.</p>
      {shop.isPending ? null : written ? <OwnerDetails details={details} /> : <PlaceholderDetails />}
    </article>
  );
}
