import { HydrateLater } from '../../lib/hydrate-later.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { Faq } from './faq.tsx';
import { GetInTouch } from './get-in-touch.tsx';
import { Hero } from './hero.tsx';
import { HowItWorks } from './how-it-works.tsx';

export function HomePage() {
  usePageTitle();
  return (
    <>
      <Hero />
      {/* Below the first screen: taken over after it, in two more tasks (hydrate-later.tsx). */}
      <HydrateLater step={1}>
        <HowItWorks />
      </HydrateLater>
      <HydrateLater step={1}>
        <Faq />
      </HydrateLater>
      <HydrateLater step={2}>
        <GetInTouch />
      </HydrateLater>
    </>
  );
}
