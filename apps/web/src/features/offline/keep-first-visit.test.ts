import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { partnerMedia, refetchWhenWorkerTakesControl } from './keep-first-visit';

/** The parts of navigator.serviceWorker this uses; jsdom has no service workers. */
function workerContainer(controller: ServiceWorker | null) {
  const target = new EventTarget();
  return Object.assign(target, { controller }) as unknown as ServiceWorkerContainer;
}

let client: QueryClient;
afterEach(() => client.clear());

/** A query shown on the page that counts how often it asked the server. */
async function shownQuery() {
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  let fetches = 0;
  const observer = new QueryObserver(client, {
    queryKey: ['data', 'token'],
    queryFn: () => {
      fetches += 1;
      return { fetches };
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  await client.getQueryCache().find({ queryKey: ['data', 'token'] })?.promise;
  return { fetches: () => fetches, unsubscribe };
}

describe('refetchWhenWorkerTakesControl', () => {
  it('asks again for what the page shows when the first worker takes control, and only once', async () => {
    const query = await shownQuery();
    const container = workerContainer(null);
    refetchWhenWorkerTakesControl(client, container);
    expect(query.fetches()).toBe(1);

    container.dispatchEvent(new Event('controllerchange'));
    await expect.poll(query.fetches).toBe(2);
    container.dispatchEvent(new Event('controllerchange'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(query.fetches()).toBe(2);
    query.unsubscribe();
  });

  it('asks again for the partner media the page has shown, so the worker keeps them', async () => {
    const fetched: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      fetched.push(String(input));
      return new Response(null, { status: 200 });
    });
    client = new QueryClient();
    const container = workerContainer(null);
    const origin = window.location.origin;
    refetchWhenWorkerTakesControl(client, container, () => [
      `${origin}/pass/media/brew-trail-hero.svg`,
      `${origin}/pass/assets/index-abc.js`,
    ]);
    expect(fetched).toEqual([]);
    container.dispatchEvent(new Event('controllerchange'));
    // Once the page is idle (lib/after-load.ts).
    await expect.poll(() => fetched).toEqual([`${origin}/pass/media/brew-trail-hero.svg`]);
  });

  it('does nothing on a page a worker already controls', async () => {
    const query = await shownQuery();
    const container = workerContainer({} as ServiceWorker);
    refetchWhenWorkerTakesControl(client, container);
    container.dispatchEvent(new Event('controllerchange'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(query.fetches()).toBe(1);
    query.unsubscribe();
  });

  it('does nothing where the browser has no service workers', () => {
    client = new QueryClient();
    expect(() => refetchWhenWorkerTakesControl(client, undefined)).not.toThrow();
  });
});

describe('partnerMedia', () => {
  const origin = 'https://pass.example';

  it('keeps the media of this origin under /pass/media/, once each', () => {
    expect(
      partnerMedia(
        [
          `${origin}/pass/media/growler.svg`,
          `${origin}/pass/media/growler.svg`,
          `${origin}/pass/api/data?t=x`,
          `${origin}/pass/assets/index-abc.js`,
          'https://cdn.example/pass/media/remote.jpg',
        ],
        origin,
      ),
    ).toEqual([`${origin}/pass/media/growler.svg`]);
  });
});
