/**
 * Whether React is still taking a prerendered page over (web/lib/hydrate-later.tsx). A section
 * taken over later is drawn by React from the strings of the moment it comes: if the language
 * changed in between (a tap on বাংলা, the account's language), those strings no longer match
 * the prerendered English and React throws the section away with a hydration error (CI, stop 33:
 * "Minified React error #418" on a slow machine). So a language change waits for the takeover.
 */
let takingOver = false;
let committed = false;
let steps = 0;
let sections = 0;
let waiters: (() => void)[] = [];

const settled = () => !takingOver || (committed && steps === 0 && sections === 0);

function wake() {
  if (!settled()) return;
  takingOver = false;
  const woken = waiters;
  waiters = [];
  for (const resolve of woken) resolve();
}

/** web/main.tsx is about to hydrate: `count` later steps are to come. */
export function hydrationStarted(count: number): void {
  takingOver = true;
  committed = false;
  steps = count;
}

/**
 * The first screen has been taken over and its effects have run, so every section kept for
 * later has said so (sectionWaiting). Before that a tap is no sign of it: React takes the page
 * over at once for a tap, but runs the effects of that takeover only later.
 */
export function firstScreenCommitted(): void {
  committed = true;
  wake();
}

/** One of the later steps has come (its sections may still be hydrating). */
export function stepCame(): void {
  steps = Math.max(0, steps - 1);
  wake();
}

/** A section kept for later is waiting to be taken over; call the returned function when it is. */
export function sectionWaiting(): () => void {
  sections += 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    sections -= 1;
    wake();
  };
}

/** Resolves once every prerendered section has been taken over (at once when none is pending). */
export function whenHydrated(): Promise<void> {
  if (settled()) return Promise.resolve();
  return new Promise((resolve) => waiters.push(resolve));
}
