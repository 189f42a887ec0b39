import { APP_LIVE_EVENT } from '../../common/early-taps.ts';

let announced = false;

/**
 * Says the app is live: every prerendered section is taken over (or the page drawn afresh), so
 * the taps the page's early script held (common/early-taps.ts) can be made now, once.
 */
export function announceLive(): void {
  if (announced) return;
  announced = true;
  // Also on <html>, where a test (or a later script) sees it after the event has gone by.
  document.documentElement.setAttribute('data-app-live', '');
  window.dispatchEvent(new Event(APP_LIVE_EVENT));
}
