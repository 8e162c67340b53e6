import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { PASSWORD_MAX, resetPasswordBody } from '../../../../contract/auth.ts';
import { type FieldSpec, SchemaFields, useSchemaForm } from '../../../components/ui/schema-form.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { NEW_PASSWORD_FIELD } from '../new-password-field.ts';

/** The new password as the server checks it, typed twice. */
const newPasswordForm = z
  .object({ newPassword: resetPasswordBody.shape.newPassword, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'must be the same as the new password',
  });

type Values = { newPassword: string; confirmPassword: string };

const FIELDS: readonly FieldSpec<keyof Values>[] = [
  NEW_PASSWORD_FIELD,
  {
    name: 'confirmPassword',
    label: 'Repeat the new password',
    type: 'password',
    autoComplete: 'new-password',
    placeholder: 'Enter It Again',
    maxLength: PASSWORD_MAX,
  },
];

/**
 * The form of the mailed reset link: a new password, sent with the link's token. A link used already or
 * too old (400) replaces the form with the server's reason and the way to a new link.
 */
export function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const reset = useResetPassword();
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: newPasswordForm,
    fields: FIELDS,
    initial: { newPassword: '', confirmPassword: '' },
    idPrefix: 'new-password',
  });

  const submit = form.handleSubmit(({ newPassword }) => {
    if (reset.isPending) return;
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: () => {
          notify.success('Your new password is set: log in with it');
          onDone();
        },
        onError: (error) => {
          // The password was checked here with the server's own rule: a 400 is about the link.
          if (error instanceof ApiError && error.status === 400) setLinkProblem(error.message);
          else notify.error(errorMessage(error));
        },
      },
    );
  });

  if (linkProblem) return <LinkProblem message={linkProblem} />;
  return (
    <form className="form-card" onSubmit={submit} noValidate aria-labelledby="new-password-heading">
      <h1 id="new-password-heading">CHOOSE A NEW PASSWORD</h1>
      <p className="form-card__lead">Your earlier sessions end when you set it.</p>
      <SchemaFields form={form} />
      <button type="submit" className="btn btn--block" disabled={reset.isPending} aria-busy={reset.isPending}>
        SET PASSWORD
      </button>
      <p className="form-card__footer">
        Remembered it? <Link to={paths.login}>Back to login</Link>
      </p>
    </form>
  );
}

/** A reset link that cannot be used (missing, used, expired): why, and the way to a new one. */
export function LinkProblem({ message, title = 'This link does not work any more' }: { message: string; title?: string }) {
  return (
    <section className="form-card" role="alert" aria-labelledby="link-problem-heading">
      <h1 id="link-problem-heading">{title}</h1>
      <p className="form-card__lead">{message}</p>
      <Link to={paths.forgotPassword} className="btn btn--block">
        Ask for a new link
      </Link>
      <p className="form-card__footer">
        Remembered it? <Link to={paths.login}>Back to login</Link>
      </p>
    </section>
  );
}
