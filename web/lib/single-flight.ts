import {
  type DefaultError,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
} from '@tanstack/react-query';
import { useRef } from 'react';

/**
 * useMutation that sends nothing while its request runs. `isPending` disables the button, but
 * only after React renders again: a quick double click lands both clicks before that, and the
 * second PATCH then fails with 409 although the change went through.
 */
export function useSingleFlightMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const running = useRef<Promise<TData> | null>(null);

  const mutateAsync: typeof mutation.mutateAsync = (...args) => {
    if (running.current) return running.current;
    const started = mutation.mutateAsync(...args);
    running.current = started;
    const release = () => {
      running.current = null;
    };
    started.then(release, release);
    return started;
  };

  const mutate: typeof mutation.mutate = (...args) => {
    // Errors reach the caller through its callbacks and mutation.error, as with mutate.
    mutateAsync(...args).catch(() => undefined);
  };

  return { ...mutation, mutate, mutateAsync } as UseMutationResult<
    TData,
    TError,
    TVariables,
    TContext
  >;
}
