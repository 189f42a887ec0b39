import { workerFor } from '../jobs/start-worker.ts';
import type { TestApp } from './test-app.ts';

/**
 * The app's own job worker, with every real handler, for a test to run by hand: `runDue()` does
 * the work that is due by the test app's clock. Nothing runs in the background.
 */
export const testWorker = (t: TestApp) => workerFor(t.deps);
