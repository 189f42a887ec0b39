import { type ReactElement, type ReactNode, Suspense } from 'react';

/**
 * Taking a prerendered page over (hydrating) is one task in Preact: on the home page, about 400
 * elements, a long task that keeps a slow phone from answering input (Lighthouse's TBT). Sections
 * below the first screen are taken over in later tasks instead (decision 020): while their step
 * waits, they suspend, and Preact leaves a suspended section's prerendered DOM as it is and
 * takes it over when the step comes. Drawn afresh (no prerender, or a later visit) nothing waits.
 */
const waiting: (Promise<void> | null)[] = [];

/** Called by web/main.tsx just before hydrateRoot: step n waits for n tasks after it. */
export function hydrateInSteps(count: number): void {
  let previous = Promise.resolve();
  for (let step = 1; step <= count; step++) {
    const next = previous.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    waiting[step] = next;
    void next.then(() => {
      waiting[step] = null;
    });
    previous = next;
  }
}

function Gate({ step, children }: { step: number; children: ReactNode }) {
  const until = waiting[step];
  if (until) throw until;
  return <>{children}</>;
}

/**
 * Its child is taken over in hydration step `step` (1 or 2), not with the first screen. One
 * element only: Preact keeps a suspended section's first DOM node for later and draws the others
 * again (the prerendered-pages test sees that).
 */
export function HydrateLater({ step, children }: { step: 1 | 2; children: ReactElement }) {
  return (
    <Suspense fallback={null}>
      <Gate step={step}>{children}</Gate>
    </Suspense>
  );
}
