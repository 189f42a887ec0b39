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
      <HowItWorks />
      <Faq />
      <GetInTouch />
    </>
  );
}
