import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import type { PublicUser } from '../../../../contract/user.ts';
import {
  ADDRESS_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_MAX,
  profileBody,
  type ProfileBody,
} from '../../../../contract/auth.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useUpdateProfile } from '../../../features/auth/api/update-profile.ts';
import { UserArea } from '../../../features/user/components/user-menu.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../stores/auth-store.ts';

type FieldName = 'name' | 'email' | 'password' | 'phone' | 'address';
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

interface FieldSpec {
  name: FieldName;
  label: string;
  type: 'text' | 'email' | 'password' | 'tel';
  autoComplete: string;
  placeholder: string;
  maxLength: number;
  required: boolean;
  disabled?: boolean;
  hint?: string;
}

const FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name', placeholder: 'Enter Your Name', maxLength: NAME_MAX, required: true },
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
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', placeholder: 'Enter Your Phone', maxLength: PHONE_MAX, required: true },
  {
    name: 'address',
    label: 'Address',
    type: 'text',
    autoComplete: 'street-address',
    placeholder: 'Enter Your Address',
    maxLength: ADDRESS_MAX,
    required: true,
  },
];

/** The shared profile schema decides: an empty password keeps the old one; a new one needs 6 characters. */
function validate(values: Values): { data: ProfileBody | null; errors: Errors } {
  const result = profileBody.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const found = z.flattenError(result.error).fieldErrors as Partial<Record<FieldName, string[]>>;
  const errors: Errors = {};
  for (const field of FIELDS) {
    const message = found[field.name]?.[0];
    if (message) errors[field.name] = `${field.label} ${message}`;
  }
  return { data: null, errors };
}

const inputId = (name: FieldName) => `profile-${name}`;

function ProfileForm({ user }: { user: PublicUser }) {
  const update = useUpdateProfile();
  const [values, setValues] = useState<Values>({
    name: user.name,
    email: user.email,
    password: '',
    phone: user.phone,
    address: user.address,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);

  const change = (name: FieldName, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(validate(next).errors);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    setSubmitted(true);
    const { data, errors: found } = validate(values);
    setErrors(found);
    if (!data) {
      const first = FIELDS.find((field) => found[field.name]);
      if (first) document.getElementById(inputId(first.name))?.focus();
      return;
    }
    update.mutate(data, {
      onSuccess: () => {
        notify.success('Profile Updated Successfully');
        setValues((current) => ({ ...current, password: '' }));
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };

  return (
    <form className="card panel profile-form" onSubmit={submit} noValidate aria-labelledby="profile-heading">
      <h1 id="profile-heading">USER PROFILE</h1>
      <p className="panel__lead">Keep your details up to date so your orders reach you.</p>
      {FIELDS.map((field) => {
        const id = inputId(field.name);
        const error = errors[field.name];
        const describedBy = [field.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
        return (
          <div className="field" key={field.name}>
            <label htmlFor={id}>{field.label}</label>
            <input
              id={id}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              placeholder={field.placeholder}
              maxLength={field.maxLength}
              required={field.required}
              disabled={field.disabled}
              readOnly={field.disabled}
              value={values[field.name]}
              onChange={(event) => change(field.name, event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
            />
            {field.hint ? (
              <p className="field__hint" id={`${id}-hint`}>
                {field.hint}
              </p>
            ) : null}
            {error ? (
              <p className="field__error" id={`${id}-error`}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
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
