import { PASSWORD_MAX, PASSWORD_MIN } from '../../../contract/auth.ts';
import type { FieldSpec } from '../../components/ui/schema-form.tsx';

/** The new-password field of both resets (with the security answer, and through the mailed link). */
export const NEW_PASSWORD_FIELD: FieldSpec<'newPassword'> = {
  name: 'newPassword',
  label: 'New password',
  type: 'password',
  autoComplete: 'new-password',
  placeholder: 'Enter Your New Password',
  maxLength: PASSWORD_MAX,
  hint: `At least ${PASSWORD_MIN} characters`,
};
