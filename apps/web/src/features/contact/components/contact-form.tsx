import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  contactInputSchema,
  type ContactInput,
} from '@toolyard/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { FormError } from '@/components/ui/form-error';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSendContactMessage, type ContactValues } from '../api/send-contact-message';

const fieldNames = ['email', 'subject', 'message'] as const;

export const CONTACT_THANKS = 'Thanks! We received your message and will reply by email.';

/**
 * The home page's contact form: Email Address, Subject, Your Message. A signed-in person's
 * email is filled in; they may change it to where they want the answer.
 */
export function ContactForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const {
    register,
    handleSubmit,
    reset,
    resetField,
    getValues,
    setError,
    formState: { errors },
  } = useForm<ContactInput, unknown, ContactValues>({
    resolver: zodResolver(contactInputSchema),
    defaultValues: { email: defaultEmail, subject: '', message: '' },
  });

  // The session may arrive after the form is shown: fill the email in unless one was typed.
  useEffect(() => {
    if (defaultEmail && !getValues('email')) resetField('email', { defaultValue: defaultEmail });
  }, [defaultEmail, getValues, resetField]);

  const send = useSendContactMessage({
    onSuccess: () => {
      toast.success(CONTACT_THANKS);
      reset({ email: defaultEmail, subject: '', message: '' });
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      for (const field of fieldNames) {
        const message = error.fields[field];
        if (message) setError(field, { message });
      }
    },
  });

  const onSubmit = handleSubmit((values) => send.mutate(values));

  return (
    <form noValidate onSubmit={onSubmit} className="mx-auto mt-8 max-w-xl text-left">
      <TextField
        label="Email Address"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField label="Subject" error={errors.subject?.message} {...register('subject')} />
      <TextAreaField
        label="Your Message"
        rows={5}
        hint={`At most ${CONTACT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters.`}
        error={errors.message?.message}
        {...register('message')}
      />
      <FormError message={send.isError ? errorMessage(send.error) : null} />
      <SubmitButton busy={send.isPending} busyLabel="Sending…">
        Submit
      </SubmitButton>
    </form>
  );
}
