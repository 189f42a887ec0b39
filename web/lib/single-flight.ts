import {
  type DefaultError,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
} from '@tanstack/react-query';
import { useRef } from 'react';

/**
 * useMutation that sends nothing while the same call runs. `isPending` disables the button, but
 * only after React renders again: a quick double click lands both clicks before that, and the
 * second PATCH then fails with 409 although the change went through. Only a repeat of the same
 * variables is folded into the running call: another call (Block on a second row of All Users
 * while the first row's request runs) still goes out.
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
  const running = useRef<{ key: string; call: Promise<TData> } | null>(null);

  const mutateAsync: typeof mutation.mutateAsync = (...args) => {
    const key = JSON.stringify(args[0] ?? null);
    if (running.current?.key === key) return running.current.call;
    const call = mutation.mutateAsync(...args);
    const current = { key, call };
    running.current = current;
    const release = () => {
      if (running.current === current) running.current = null;
    };
    call.then(release, release);
    return call;
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

/**
 * An async handler that runs once at a time: a call while it runs is dropped. For handlers that
 * do more than one mutation (the profile's Save uploads the photo, then saves): a double click
 * submits the form twice before the button is disabled, and two uploads would make two
 * different saves that useSingleFlightMutation cannot fold.
 */
export function useSingleFlightCallback<A extends unknown[]>(
  handler: (...args: A) => Promise<void>,
): (...args: A) => Promise<void> {
  const running = useRef(false);
  return async (...args: A) => {
    if (running.current) return;
    running.current = true;
    try {
      await handler(...args);
    } finally {
      running.current = false;
    }
  };
}
