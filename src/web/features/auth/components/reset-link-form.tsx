import { useState } from 'react';
import { RESET_LINK_VALID_MINUTES, resetLinkBody, type ResetLinkBody } from '../../../../contract/auth.ts';
import { type FieldSpec, SchemaFields, useSchemaForm } from '../../../components/ui/schema-form.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useRequestResetLink } from '../api/request-reset-link.ts';

const FIELDS: readonly FieldSpec<keyof ResetLinkBody>[] = [
  {
    name: 'email',
    label: 'E-mail address',
    type: 'email',
    autoComplete: 'email',
    placeholder: 'Enter Your Email',
    maxLength: 254,
  },
];

/**
 * Ask for a password link by e-mail (beside the specification's security-answer form). The server's
 * answer is the same whether the address has an account or not; it is shown as it comes.
 */
export function ResetLinkForm({ initialEmail }: { initialEmail: string }) {
  const request = useRequestResetLink();
  const [answer, setAnswer] = useState<string | null>(null);
  const form = useSchemaForm({ schema: resetLinkBody, fields: FIELDS, initial: { email: initialEmail }, idPrefix: 'reset-link' });

  const submit = form.handleSubmit((data) => {
    if (request.isPending) return;
    setAnswer(null);
    request.mutate(data, {
      onSuccess: (response) => setAnswer(response.message),
      onError: (error) => notify.error(errorMessage(error)),
    });
  });

  return (
    <form className="form-card reset-link-form" onSubmit={submit} noValidate aria-labelledby="reset-link-heading">
      <h2 id="reset-link-heading">No answer at hand?</h2>
      <p className="form-card__lead">
        We can e-mail you a link to choose a new password. It works once, for {RESET_LINK_VALID_MINUTES} minutes.
      </p>
      <SchemaFields form={form} />
      <button type="submit" className="btn btn--block btn--secondary" disabled={request.isPending} aria-busy={request.isPending}>
        E-mail me a link
      </button>
      <div role="status" aria-live="polite">
        {answer ? <p className="reset-link-form__sent">{answer}</p> : null}
      </div>
    </form>
  );
}
