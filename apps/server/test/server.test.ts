import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types (it runs before any TypeScript tooling)
import { buildServer } from '../build.mjs';
import { linkUrl, readDemoLinks } from '../src/plugins/demo-links';
import { loadEnv, REPO_ROOT } from '../src/plugins/env';
import { DEMO_FILE, TOKENS } from './helpers';

const TICK_PROBE = path.join(REPO_ROOT, 'apps/server/test/fixtures/tick-feedback-probe.cjs');

describe('configuration', () => {
  it('has defaults relative to the repository root', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.join(REPO_ROOT, '.data'),
      mediaDir: path.join(REPO_ROOT, '.data', 'media'),
      databaseUrl: undefined,
      redisUrl: undefined,
      logLevel: 'info',
      webDist: path.join(REPO_ROOT, 'apps', 'web', 'dist'),
      demoFile: DEMO_FILE,
      trustProxy: false,
    });
  });

  it('names every bad value in one clear message', () => {
    expect(() => loadEnv({ PORT: '99999', REDIS_URL: 'http://cache', LOG_LEVEL: 'chatty' })).toThrow(
      /PORT="99999": PORT must be a whole number[\s\S]*REDIS_URL="http:\/\/cache": REDIS_URL must be a URL starting with redis:\/\/[\s\S]*LOG_LEVEL/,
    );
    expect(() => loadEnv({ DATABASE_URL: 'mysql://u:secret@db/x' })).toThrow(/u:\*\*\*@db/);
  });

  it('accepts Postgres and Redis URLs', () => {
    const env = loadEnv({
      DATABASE_URL: 'postgres://u@db:5432/x',
      REDIS_URL: 'redis://cache:6379',
      PORT: '9000',
    });
    expect(env).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@db:5432/x',
      redisUrl: 'redis://cache:6379',
    });
  });
});

describe('e-mail configuration', () => {
  it('defaults to .eml files under DATA_DIR/mail, with no sender or public URL required', () => {
    const env = loadEnv({ DATA_DIR: '/srv/trailpass' });
    expect(env).toMatchObject({
      smtpUrl: undefined,
      mailFrom: undefined,
      publicUrl: undefined,
      mailDir: path.join('/srv/trailpass', 'mail'),
    });
  });

  it('with SMTP_URL, requires PUBLIC_URL and MAIL_FROM, and names bad values without the password', () => {
    expect(() => loadEnv({ SMTP_URL: 'smtps://mailer:hunter2@smtp.example.org' })).toThrow(
      /PUBLIC_URL: PUBLIC_URL is required when SMTP_URL is set[\s\S]*MAIL_FROM: MAIL_FROM is required when SMTP_URL is set/,
    );
    let message = '';
    try {
      loadEnv({
        SMTP_URL: 'http://mailer:hunter2@smtp.example.org',
        MAIL_FROM: 'Passes <passes@example.org>\r\nBcc: x@evil.test',
        PUBLIC_URL: 'ftp://pass.example.org',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(
      /SMTP_URL="http:\/\/mailer:\*\*\*@smtp.example.org\/?": SMTP_URL must be a URL starting with smtp:\/\/ or smtps:\/\//,
    );
    expect(message).toMatch(/MAIL_FROM=.*: MAIL_FROM must be an e-mail address/);
    expect(message).toMatch(
      /PUBLIC_URL="ftp:\/\/pass.example.org": PUBLIC_URL must be a URL starting with http:\/\/ or https:\/\//,
    );
    expect(message).not.toContain('hunter2');
    expect(() =>
      loadEnv({ SMTP_URL: 'smtp://', MAIL_FROM: 'a@example.org', PUBLIC_URL: 'https://x.org' }),
    ).toThrow(/SMTP_URL must name the server/);
  });

  it('reads the SMTP server, the sender and the public URL', () => {
    const env = loadEnv({
      SMTP_URL: 'smtp://mailer:hunter2@smtp.example.org:587',
      MAIL_FROM: '"Lakeshore Passes" <passes@example.org>',
      PUBLIC_URL: 'https://pass.example.org/',
    });
    expect(env).toMatchObject({
      smtpUrl: 'smtp://mailer:hunter2@smtp.example.org:587',
      mailFrom: { name: 'Lakeshore Passes', address: 'passes@example.org' },
      publicUrl: 'https://pass.example.org',
    });
    expect(loadEnv({ MAIL_FROM: 'passes@example.org' }).mailFrom).toEqual({
      name: null,
      address: 'passes@example.org',
    });
  });
});

describe('demo links', () => {
  it('builds one clickable URL per pass link, with its extra query', async () => {
    const links = await readDemoLinks(DEMO_FILE);
    expect(links.length).toBe(12);
    const urls = links.map((link) => linkUrl('http://localhost:8080', link));
    expect(urls[0]).toBe(`http://localhost:8080/pass/experiences?t=${TOKENS.avaBrew}`);
    expect(urls).toContain(
      `http://localhost:8080/pass/login?t=${TOKENS.previewSubmission}&submissionVenueId=301`,
    );
    expect(urls).toContain(`http://localhost:8080/pass/signup?t=${TOKENS.unregVenue301}`);
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// As npm start runs it: the server's bundle (build.mjs, decision 0051), built for this test in a folder of its
// own below apps/server (so it resolves node_modules as dist/ does, and no other run's dist/ is touched).
describe('server.ts, built', () => {
  let child: ChildProcess | undefined;
  let dataDir: string | undefined;
  const bundleDir = path.join(REPO_ROOT, 'apps/server/.tmp', `bundle-${process.pid}-${Date.now()}`);

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await rm(bundleDir, { recursive: true, force: true });
  });

  it('migrates, imports the demo, serves, prints the links and shuts down on SIGTERM', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'trailpass-server-'));
    const port = await freePort();
    await buildServer(bundleDir);
    // The probe (fixtures/tick-feedback-probe.cjs) looks at nextTick's inline caches below.
    const probe = ['--allow-natives-syntax', '--expose-gc', '--require', TICK_PROBE];
    child = spawn(process.execPath, [...probe, '--enable-source-maps', path.join(bundleDir, 'server.mjs')], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        // As deployed: a line per request, written by the log's own destination (log-destination.ts).
        LOG_LEVEL: 'info',
        WEB_DIST: path.join(dataDir, 'no-web-build'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    // A new embedded database (initdb, every migration) and the demo's import: 18 s alone, past 60 s beside
    // the journeys on a machine half as fast as CI's. A server that never gets there still fails.
    const deadline = Date.now() + 150_000;
    while (!output.includes('Demo pass links:') && Date.now() < deadline && child.exitCode === null) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(output).toContain(`Trailpass is listening on http://127.0.0.1:${port}/pass/`);
    await new Promise((r) => setTimeout(r, 300));
    expect(output).toContain(
      `http://127.0.0.1:${port}/pass/experiences?t=${TOKENS.avaBrew}  Ava on Lakeshore Brew Trail`,
    );
    expect(output.match(/\?t=demo-/g)?.length).toBe(12);
    // No SMTP_URL: e-mail becomes .eml files under DATA_DIR/mail.
    expect(output).toContain(`E-mail goes to .eml files in ${path.join(dataDir, 'mail')}.`);

    const res = await fetch(`http://127.0.0.1:${port}/pass/api/data`, {
      headers: { 'X-Pass-Token': TOKENS.avaRewards, 'X-Pass-Api-Version': '1' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { current_points: number }).current_points).toBe(1200);

    for (let i = 0; i < 3; i++)
      expect((await fetch(`http://127.0.0.1:${port}/pass/api/nope`)).status).toBe(404);

    // Decision 0056: a full collection while nothing is queued, then more requests, must leave the inline caches
    // of nextTick's queue entry monomorphic. Without keep-tick-object-maps.ts they go megamorphic here.
    const untilOutput = async (text: string) => {
      const until = Date.now() + 10_000;
      while (!output.includes(text) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(output).toContain(text);
    };
    child.kill('SIGUSR2');
    await untilOutput('probe: collected');
    for (let i = 0; i < 3; i++)
      expect((await fetch(`http://127.0.0.1:${port}/pass/api/nope`)).status).toBe(404);
    child.kill('SIGUSR2');
    await untilOutput('probe: tick entry key caches');
    const caches = /probe: tick entry key caches (.*)/.exec(output)?.[1];
    expect(caches && JSON.parse(caches)).toEqual(Array(5).fill('MONOMORPHIC'));

    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Every request's one line reached standard output, the last ones written as the process ended.
    const requestLines = output
      .split('\n')
      .filter((line) => line.includes('"request completed"'))
      .map((line) => JSON.parse(line) as { url: string; statusCode: number; reqId: string });
    expect(
      requestLines.filter((line) => line.url === '/pass/api/nope' && line.statusCode === 404),
    ).toHaveLength(6);
    expect(new Set(requestLines.map((line) => line.reqId)).size).toBe(requestLines.length);
  }, 180_000);
});
