import { beforeAll } from 'vitest';
import { setupBrowser } from './browser.ts';
import { walkEveryPage } from './every-page-walk.ts';
import { type LongTextWorld, seedLongTextWorld } from './long-text-world.ts';

// Every page of every role in Bangla, checked by axe (tests/e2e/every-page-walk.ts); a file of its
// own so that it runs beside the English walk (a11y.spec.ts).

const browser = setupBrowser();
let world: LongTextWorld;

beforeAll(async () => {
  world = await seedLongTextWorld(() => browser.newPage());
});

walkEveryPage('bn', browser, () => world);
