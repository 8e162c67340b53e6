import type { PublicUser } from '../../../../contract/user.ts';
import { PASSWORD_MAX, PASSWORD_MIN, profileBody } from '../../../../contract/auth.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { type FieldSpec, SchemaFields, useSchemaForm } from '../../../components/ui/schema-form.tsx';
import { useUpdateProfile } from '../../../features/auth/api/update-profile.ts';
import { CONTACT_FIELDS } from '../../../features/auth/contact-fields.ts';
import { UserArea } from '../../../features/user/components/user-menu.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../stores/auth-store.ts';

const FIELDS: readonly FieldSpec<'name' | 'email' | 'password' | 'phone' | 'address'>[] = [
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
  CONTACT_FIELDS.phone,
  CONTACT_FIELDS.address,
];

function ProfileForm({ user }: { user: PublicUser }) {
  const update = useUpdateProfile();
  const form = useSchemaForm({
    schema: profileBody,
    fields: FIELDS,
    initial: { name: user.name, email: user.email, password: '', phone: user.phone, address: user.address },
    idPrefix: 'profile',
  });

  const submit = form.handleSubmit((data) => {
    if (update.isPending) return;
    update.mutate(data, {
      onSuccess: () => {
        notify.success('Profile Updated Successfully');
        form.setValues((current) => ({ ...current, password: '' }));
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

export default function UserProfileRoute() {
  usePageTitle('Your Profile');
  const user = useAuth()?.user;
  if (!user) return null;
  return (
    <UserArea>
      {/* Keyed by user: another session's details are never left in the form. */}
      <ProfileForm key={user._id} user={user} />
    </UserArea>
  );
}
