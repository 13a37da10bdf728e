import type { UseMutationOptions } from '@tanstack/react-query';

/**
 * What a component may add to a feature's mutation hook. These callbacks belong to the
 * mutation, not to the component: they still run when the row or dialog that started it
 * has gone (a deleted order leaves the list before its toast would show). The hook's own
 * cache updates run first.
 */
export type MutationConfig<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn'
>;
