import { ADDRESS_MAX, NAME_MAX, PHONE_MAX } from '../../../contract/auth.ts';
import type { FieldSpec } from '../../components/ui/schema-form.tsx';

/** An account's contact details as register and the profile ask for them (contactDetails in the contract). */
export const CONTACT_FIELDS = {
  name: { name: 'name', label: 'Name', type: 'text', autoComplete: 'name', placeholder: 'Enter Your Name', maxLength: NAME_MAX },
  phone: { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', placeholder: 'Enter Your Phone', maxLength: PHONE_MAX },
  address: {
    name: 'address',
    label: 'Address',
    type: 'text',
    autoComplete: 'street-address',
    placeholder: 'Enter Your Address',
    maxLength: ADDRESS_MAX,
  },
} as const satisfies { [Name in 'name' | 'phone' | 'address']: FieldSpec<Name> };
