import { type ReactElement, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { announceLive } from './app-live.ts';
import {
  firstScreenCommitted,
  hydrationStarted,
  sectionWaiting,
  stepCame,
  whenHydrated,
} from './hydration.ts';

/**
 * Taking a prerendered page over (hydrating) the home page's about 400 elements is work a slow
 * phone feels (Lighthouse's TBT). Sections below the first screen are taken over in later tasks
 * instead (decision 020): while their step waits, they suspend, and React leaves a suspended
 * boundary's prerendered DOM as it is (the prerender marks each boundary) and takes it over when
 * the step comes. Drawn afresh (no prerender, or a later visit) nothing waits.
 */
const waiting: (Promise<void> | null)[] = [];

/** Called by web/main.tsx just before hydrateRoot: step n waits for n tasks after it. */
export function hydrateInSteps(count: number): void {
  hydrationStarted(count);
  let previous = Promise.resolve();
  for (let step = 1; step <= count; step++) {
    const next = previous.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    waiting[step] = next;
    void next.then(() => {
      waiting[step] = null;
      stepCame();
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
 * element (kept from decision 015's Preact, which kept only a boundary's first DOM node; React
 * keeps them all, and the prerendered-pages test watches either way).
 */
export function HydrateLater({ step, children }: { step: 1 | 2; children: ReactElement }) {
  const section = useRef<{ takenOver: boolean; done?: () => void }>({ takenOver: false });
  // Committed with the first screen: if the section has not been taken over with it, it is
  // still waiting (web/lib/hydration.ts). Its own effect (TakenOver) runs when it is.
  useEffect(() => {
    const mark = section.current;
    if (!mark.takenOver) mark.done = sectionWaiting();
    return () => mark.done?.();
  }, []);
  return (
    <Suspense fallback={null}>
      <Gate step={step}>
        {children}
        <TakenOver section={section.current} />
      </Gate>
    </Suspense>
  );
}

/** Renders nothing; its effect says that the section around it has been taken over. */
function TakenOver({ section }: { section: { takenOver: boolean; done?: () => void } }) {
  useEffect(() => {
    section.takenOver = true;
    section.done?.();
  }, [section]);
  return null;
}

/**
 * Put after the app, at its root: its effect runs after every effect of the first screen (React
 * runs a commit's effects child first, in order), so every HydrateLater has said whether it is
 * waiting by then.
 */
export function FirstScreenMark() {
  useEffect(() => {
    firstScreenCommitted();
    // Then the taps made before the app was live are made (web/lib/app-live.ts).
    void whenHydrated().then(announceLive);
  }, []);
  return null;
}
