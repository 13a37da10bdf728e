import { zodResolver } from '@hookform/resolvers/zod';
import { NAME_MAX_LENGTH, reviewInputSchema, type ReviewInput } from '@toolyard/shared';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { FormError } from '@/components/ui/form-error';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCreateReview, type ReviewValues } from '../api/create-review';
import { StarRatingField } from './star-rating-field';

const fieldNames = ['name', 'words', 'rating'] as const;

/**
 * The server's sentence. At the hourly limit it says "Try again later." and Retry-After says
 * when, which the API client adds ("Try again in 42 minutes."): show only the exact one.
 */
function formMessage(error: unknown): string {
  const message = errorMessage(error);
  return error instanceof ApiError && error.status === 429 && error.retryAfterSeconds
    ? message.replace(' Try again later.', '')
    : message;
}

/** The spec's review form: name (shown as Enterprise), words (About Us) and a star rating. */
export function ReviewForm() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<ReviewInput, unknown, ReviewValues>({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: { name: '', words: '' },
  });

  const createReview = useCreateReview({
    onSuccess: () => {
      toast.success('Thanks for your review!');
      reset();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      for (const field of fieldNames) {
        const message = error.fields[field];
        if (message) setError(field, { message });
      }
    },
  });

  const onSubmit = handleSubmit((values) => createReview.mutate(values));

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-xl">
      <TextField
        label="Name"
        autoComplete="organization"
        hint={`Your company or workshop, at most ${NAME_MAX_LENGTH} characters. Shown as Enterprise.`}
        error={errors.name?.message}
        {...register('name')}
      />
      <TextAreaField
        label="Your review"
        rows={4}
        error={errors.words?.message}
        {...register('words')}
      />
      <Controller
        control={control}
        name="rating"
        render={({ field, fieldState }) => (
          <StarRatingField
            label="Rating"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <FormError message={createReview.isError ? formMessage(createReview.error) : null} />
      <SubmitButton busy={createReview.isPending} busyLabel="Sending…">
        Add Review
      </SubmitButton>
    </form>
  );
}
