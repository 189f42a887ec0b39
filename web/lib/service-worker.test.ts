import { describe, expect, it } from 'vitest';
import { reloadOnNewVersion } from './service-worker.ts';

/** A service worker container and a router, driven by hand. */
function world({ controlled, hidden = false }: { controlled: boolean; hidden?: boolean }) {
  let onControllerChange = () => {};
  let onRouterChange: (state: { location: unknown }) => void = () => {};
  const reloads: number[] = [];
  const router = {
    state: { location: { pathname: '/' } as unknown },
    subscribe(listener: (state: { location: unknown }) => void) {
      onRouterChange = listener;
      return () => {};
    },
  };
  reloadOnNewVersion(
    {
      controller: controlled ? {} : null,
      addEventListener: (_type, listener) => {
        onControllerChange = listener;
      },
    },
    router,
    () => reloads.push(1),
    () => hidden,
  );
  return {
    reloads,
    newWorker: () => onControllerChange(),
    navigate: (pathname: string) => {
      router.state = { location: { pathname } };
      onRouterChange(router.state);
    },
    redraw: () => onRouterChange(router.state),
  };
}

describe('a new version takes over without leaving a stale page (issue 16)', () => {
  it('does not reload for the first install (the page was not controlled yet)', () => {
    const w = world({ controlled: false });
    w.newWorker();
    w.navigate('/blogs');
    expect(w.reloads).toHaveLength(0);
    // A later version does.
    w.newWorker();
    w.navigate('/');
    expect(w.reloads).toHaveLength(1);
  });

  it('reloads a controlled page at its next navigation, not under the visitor’s hands', () => {
    const w = world({ controlled: true });
    w.newWorker();
    w.redraw();
    expect(w.reloads).toHaveLength(0);
    w.navigate('/blogs');
    expect(w.reloads).toHaveLength(1);
    w.navigate('/');
    expect(w.reloads).toHaveLength(1);
  });

  it('reloads a page in the background at once', () => {
    const w = world({ controlled: true, hidden: true });
    w.newWorker();
    expect(w.reloads).toHaveLength(1);
  });
});
