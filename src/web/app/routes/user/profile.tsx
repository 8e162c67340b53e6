import type { PublicUser } from '../../../../contract/user.ts';
import { ANSWER_MAX, PASSWORD_MAX, PASSWORD_MIN, profileBody, securityAnswerBody } from '../../../../contract/auth.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { type FieldSpec, SchemaFields, useSchemaForm } from '../../../components/ui/schema-form.tsx';
import { useChangeSecurityAnswer } from '../../../features/auth/api/change-security-answer.ts';
import { useUpdateProfile } from '../../../features/auth/api/update-profile.ts';
import { CONTACT_FIELDS } from '../../../features/auth/contact-fields.ts';
import { UserArea } from '../../../features/user/components/user-menu.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../stores/auth-store.ts';

/** The current password: what a new password or a new security answer is given with. */
const CURRENT_PASSWORD: FieldSpec<'currentPassword'> = {
  name: 'currentPassword',
  label: 'Current password',
  type: 'password',
  autoComplete: 'current-password',
  placeholder: 'Your current password',
  maxLength: PASSWORD_MAX,
};

const FIELDS: readonly FieldSpec<'name' | 'email' | 'password' | 'currentPassword' | 'phone' | 'address'>[] = [
  CONTACT_FIELDS.name,
  {
    name: 'email',
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    placeholder: 'Enter Your Email',
    maxLength: 254,
    required: false,
    disabled: true,
    hint: 'Your e-mail is your login and cannot be changed.',
  },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    placeholder: 'New password (optional)',
    maxLength: PASSWORD_MAX,
    required: false,
    hint: `Leave it empty to keep your current password; a new one needs at least ${PASSWORD_MIN} characters.`,
  },
  { ...CURRENT_PASSWORD, required: false, placeholder: 'Needed for a new password', hint: 'Type it when you set a new password.' },
  CONTACT_FIELDS.phone,
  CONTACT_FIELDS.address,
];

const ANSWER_FIELDS: readonly FieldSpec<'answer' | 'currentPassword'>[] = [
  {
    name: 'answer',
    label: 'New security answer',
    type: 'text',
    autoComplete: 'off',
    placeholder: 'What is Your Favorite sports',
    maxLength: ANSWER_MAX,
  },
  CURRENT_PASSWORD,
];

function ProfileForm({ user }: { user: PublicUser }) {
  const update = useUpdateProfile();
  const form = useSchemaForm({
    schema: profileBody,
    fields: FIELDS,
    initial: { name: user.name, email: user.email, password: '', currentPassword: '', phone: user.phone, address: user.address },
    idPrefix: 'profile',
  });

  const submit = form.handleSubmit((data) => {
    if (update.isPending) return;
    update.mutate(data, {
      onSuccess: () => {
        notify.success('Profile Updated Successfully');
        form.setValues((current) => ({ ...current, password: '', currentPassword: '' }));
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  });

  return (
    <form className="card panel profile-form" onSubmit={submit} noValidate aria-labelledby="profile-heading">
      <h1 id="profile-heading">USER PROFILE</h1>
      <p className="panel__lead">Keep your details up to date so your orders reach you.</p>
      <SchemaFields form={form} />
      <button type="submit" className="btn" disabled={update.isPending} aria-busy={update.isPending}>
        UPDATE
      </button>
    </form>
  );
}

/** The security answer (for a reset without the mailed link), changed with the current password. */
function SecurityAnswerForm() {
  const change = useChangeSecurityAnswer();
  const form = useSchemaForm({
    schema: securityAnswerBody,
    fields: ANSWER_FIELDS,
    initial: { answer: '', currentPassword: '' },
    idPrefix: 'answer',
  });

  const submit = form.handleSubmit((data) => {
    if (change.isPending) return;
    change.mutate(data, {
      onSuccess: (result) => {
        notify.success(result.message);
        form.setValues({ answer: '', currentPassword: '' });
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  });

  return (
    <form className="card panel profile-form" onSubmit={submit} noValidate aria-labelledby="answer-heading">
      <h2 id="answer-heading">SECURITY ANSWER</h2>
      <p className="panel__lead">It lets you choose a new password from the Forgot Password page without the mailed link.</p>
      <SchemaFields form={form} />
      <button type="submit" className="btn" disabled={change.isPending} aria-busy={change.isPending}>
        CHANGE ANSWER
      </button>
    </form>
  );
}

export default function UserProfileRoute() {
  usePageTitle('Your Profile');
  const user = useAuth()?.user;
  if (!user) return null;
  return (
    <UserArea>
      {/* Keyed by user: another session's details are never left in the form. */}
      <ProfileForm key={user._id} user={user} />
      <SecurityAnswerForm key={`answer-${user._id}`} />
    </UserArea>
  );
}
