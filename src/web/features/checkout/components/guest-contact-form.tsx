import { ADDRESS_MAX, NAME_MAX, PHONE_MAX } from '../../../../contract/auth.ts';
import { type GuestContact, guestContact } from '../../../../contract/guest.ts';
import { type FieldSpec, SchemaFields, useSchemaForm } from '../../../components/ui/schema-form.tsx';
import './guest-checkout.css';

/** The e-mail, then where the parcel goes (the limits are the contract's, as an account's contact details). */
const FIELDS: readonly FieldSpec<keyof GuestContact>[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', placeholder: 'Where we send your confirmation', maxLength: 254 },
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'shipping name', placeholder: 'Who receives the parcel', maxLength: NAME_MAX },
  { name: 'address', label: 'Delivery address', type: 'text', autoComplete: 'shipping street-address', placeholder: 'Street, town, postcode', maxLength: ADDRESS_MAX },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'shipping tel', placeholder: 'For the courier', maxLength: PHONE_MAX },
];

const EMPTY: GuestContact = { email: '', name: '', address: '', phone: '' };

interface GuestContactFormProps {
  busy: boolean;
  /** The submit button's words ("Order Now", "Order and pay"). */
  submitLabel: string;
  onSubmit: (contact: GuestContact) => void;
}

/**
 * Checkout without an account: the e-mail the confirmation (and the order page's link) goes to, and where
 * to deliver. Checked by the same schema as the server's guest checkout (guestContact in the contract).
 */
export function GuestContactForm({ busy, submitLabel, onSubmit }: GuestContactFormProps) {
  const form = useSchemaForm({ schema: guestContact, fields: FIELDS, initial: EMPTY, idPrefix: 'guest' });
  return (
    <form className="guest-contact" onSubmit={form.handleSubmit((data) => !busy && onSubmit(data))} noValidate aria-label="Your contact and delivery details">
      <SchemaFields form={form} />
      <p className="guest-contact__note">No account needed: we e-mail you a link to follow your order.</p>
      <button type="submit" className="btn btn--block" disabled={busy} aria-busy={busy}>
        {busy ? 'Placing your order…' : submitLabel}
      </button>
    </form>
  );
}
