import { describe, expect, it, vi } from 'vitest';
import { createErrorReporting, MAX_REPORTS_PER_PAGE } from './error-reporting';
import type { ErrorReporter } from './reporter';

const RESIZE = 'ResizeObserver loop completed with undelivered notifications.';

function setup(draws: number[] = [0]) {
  const sent: Parameters<ErrorReporter['report']>[] = [];
  const reporter: ErrorReporter = {
    report: vi.fn(async (...args: Parameters<ErrorReporter['report']>) => {
      sent.push(args);
    }),
  };
  const loadReporter = vi.fn(async () => reporter);
  let i = 0;
  const random = vi.fn(() => draws[Math.min(i++, draws.length - 1)] ?? 0);
  const reporting = createErrorReporting({
    random,
    loadReporter,
    currentUrl: () => '/pass/rewards?t=tok',
    routeName: () => 'Rewards',
  });
  return { reporting, sent, random, loadReporter };
}

describe('error reporting', () => {
  it('sends a sampled error through the adapter, with the page and route', async () => {
    const { reporting, sent } = setup([0.01]);
    const error = new TypeError("Cannot read properties of undefined (reading 'id')");
    await reporting.report(error);
    expect(sent).toEqual([
      [
        { name: 'TypeError', message: error.message, stack: error.stack },
        { url: '/pass/rewards?t=tok', routeName: 'Rewards' },
      ],
    ]);
  });

  it('samples at 0.05: a draw of 0.05 is not sent, one just below it is', async () => {
    const { reporting, sent } = setup([0.05, 0.0499]);
    await reporting.report(new Error('first'));
    await reporting.report(new Error('second'));
    expect(sent.map(([details]) => details.message)).toEqual(['second']);
  });

  it('loads the adapter only for the first sampled error', async () => {
    const { reporting, loadReporter } = setup([0.5, 0.01, 0.01]);
    await reporting.report(new Error('not sampled'));
    expect(loadReporter).not.toHaveBeenCalled();
    await reporting.report(new Error('one'));
    await reporting.report(new Error('two'));
    expect(loadReporter).toHaveBeenCalledTimes(1);
  });

  it('ignores the ResizeObserver notice before sampling', async () => {
    const { reporting, sent, random } = setup([0]);
    await reporting.report(new ErrorEvent('error', { message: RESIZE }));
    await reporting.report(new Error(RESIZE.slice(0, -1)));
    expect(sent).toEqual([]);
    expect(random).not.toHaveBeenCalled();
  });

  it('takes the route and page given by the caller (the route error boundary)', async () => {
    const { reporting, sent } = setup();
    await reporting.report(new Error('render failed'), {
      routeName: 'Venue',
      url: '/pass/experiences/venue/301',
    });
    await reporting.report(new Error('no route'), { routeName: null });
    expect(sent.map(([, context]) => context)).toEqual([
      { url: '/pass/experiences/venue/301', routeName: 'Venue' },
      { url: '/pass/rewards?t=tok', routeName: null },
    ]);
  });

  it('reports one error once, though it reaches two listeners', async () => {
    const { reporting, sent } = setup();
    const error = new Error('twice');
    await reporting.report(error);
    await reporting.report(error);
    expect(sent).toHaveLength(1);
  });

  it(`sends at most ${MAX_REPORTS_PER_PAGE} reports a page load`, async () => {
    const { reporting, sent } = setup();
    for (let i = 0; i < MAX_REPORTS_PER_PAGE + 5; i += 1) await reporting.report(new Error(`loop ${i}`));
    expect(sent).toHaveLength(MAX_REPORTS_PER_PAGE);
  });

  it('describes what is not an Error: a string, an object, an error event without its error', async () => {
    const { reporting, sent } = setup();
    await reporting.report('plain text');
    await reporting.report({ status: 503 });
    await reporting.report(new ErrorEvent('error', { message: 'Script error.' }));
    await reporting.report('');
    expect(sent.map(([details]) => details)).toEqual([
      { message: 'plain text' },
      { message: '{"status":503}' },
      { message: 'Script error.' },
      { message: 'Unknown error' },
    ]);
  });

  it('never throws: a failing adapter, a chunk that does not load (tried again next time)', async () => {
    const failing = createErrorReporting({
      random: () => 0,
      loadReporter: async () => ({
        report: async () => {
          throw new Error('send failed');
        },
      }),
    });
    await expect(failing.report(new Error('a'))).resolves.toBeUndefined();

    const load = vi
      .fn<() => Promise<ErrorReporter>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ report: async () => {} });
    const offline = createErrorReporting({ random: () => 0, loadReporter: load });
    await expect(offline.report(new Error('b'))).resolves.toBeUndefined();
    await offline.report(new Error('c'));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('listens to the window: uncaught errors and unhandled rejections, until uninstalled', async () => {
    const { reporting, sent } = setup();
    // A stand-in for window: the test runner takes an error event on the real one as its own failure.
    const target = new EventTarget();
    const uninstall = reporting.install(target);
    const thrown = new RangeError('out of range');
    target.dispatchEvent(new ErrorEvent('error', { error: thrown, message: `Uncaught ${thrown.message}` }));
    target.dispatchEvent(new ErrorEvent('error', { message: RESIZE }));
    const rejection = Object.assign(new Event('unhandledrejection'), { reason: new Error('rejected') });
    target.dispatchEvent(rejection);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map(([details]) => details.message)).toEqual(['out of range', 'rejected']);

    uninstall();
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('after') }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toHaveLength(2);
  });
});
