import { tmpdir } from 'node:os';
import { LANGUAGE_HEADER } from '@trailpass/contract';
import {
  contentApplyPaths,
  contentExportPaths,
  contentImportPaths,
  contentPaths,
} from '@trailpass/contract/console';
import { eq } from 'drizzle-orm';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatePassDocument } from '../src/db/import';
import type { PassDocument } from '../src/db/import/document';
import { partner_users, venues } from '../src/db/schema';
import { makeStaff, pathOf, type StaffClient, signIn } from './console/console-helpers';
import { api, createTestApp, expectError, passHeaders, reimportDemo, type TestApp, TOKENS } from './helpers';

// Issue 32 slice A (decision 0049): content in the holder's language. The demo has Spanish for Lakeshore
// Rewards (offer 102, Ava's points offer, token avaRewards, user 1001): the offer, its FAQs, deal 204,
// products 513 and 514, venues 301 (descriptions and opening-hours note: its name stays English) and 303,
// categories 401 and 403, rewards 1210 to 1214 with attributes 1306 and 1307, the modules of its pages and of
// venue 301's page, Ava's messages 705 and 706, mailing lists 801 to 803 and pickup point 5103.
const AVA = 1001;
const REWARDS = 102;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: new Date() });
});

afterAll(async () => {
  await t?.close();
});

type Json = Record<string, unknown>;

/**
 * GET with X-Pass-Language when `language` is given (any string: an unknown one too). `/products/...` and
 * `/messageLists` are served at the site root (decision 0012), everything else under /pass/api.
 */
function get(url: string, language?: string, token: string = TOKENS.avaRewards) {
  const extra = language === undefined ? {} : { headers: { [LANGUAGE_HEADER]: language } };
  if (url.startsWith('/products/') || url.startsWith('/messageLists')) {
    return t.app.inject({ method: 'GET', url, headers: { ...passHeaders(token), ...extra.headers } });
  }
  return api(t.app, 'GET', url, token, extra);
}

async function getJson(url: string, language?: string, token?: string): Promise<Json> {
  const res = await get(url, language, token);
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  return res.json();
}

const data = (language?: string, token?: string) => getJson('/data', language, token);
const page = (type: string, id: number, location: string, language?: string) =>
  getJson(
    `/partnerUser/${AVA}/modules/assignment/${type}/assignmentId/${id}/location/${location}?offerId=${REWARDS}`,
    language,
  );

function putLanguage(language: unknown, token: string = TOKENS.avaRewards) {
  return t.app.inject({
    method: 'PUT',
    url: '/pass/api/language',
    headers: passHeaders(token),
    payload: { language } as object,
  });
}

async function savedLanguage(): Promise<string | null> {
  const [row] = await t.database.db
    .select({ language: partner_users.language })
    .from(partner_users)
    .where(eq(partner_users.id, AVA));
  return row?.language ?? null;
}

const byId = <T extends { id: number }>(list: unknown, id: number) =>
  (list as T[]).find((item) => item.id === id);

describe('Spanish answers for Lakeshore Rewards', () => {
  it('GET /data: the offer, its FAQs, deal, products and mailing lists, each field falling back', async () => {
    const es = await data('es');
    const offer = es.offer as Json & { faqs: Array<Json & { id: number }> };
    expect(offer.name).toBe('Recompensas Lakeshore');
    expect(offer.description).toMatch(/^Gana puntos todo el año/);
    expect(offer.highlights).toMatch(/^Gana 100 puntos por cada check-in\n/);
    // Not translated: the original (null here), as every field without a translation.
    expect(offer.support_text).toBeNull();
    expect(offer.support_phone).toBe('+1 920-555-0142');
    expect(byId(offer.faqs, 4011)).toMatchObject({
      question: '¿Cuántos puntos necesito?',
      answer: expect.stringContaining('<strong>10 puntos por dólar</strong>'),
      code: null,
      icon: 'mdi-star-circle',
    });
    // FAQ 4012 translates its question only; its answer stays the original's (null).
    expect(byId(offer.faqs, 4012)).toMatchObject({
      question: 'Añade Recompensas Lakeshore a tu teléfono',
      answer: null,
    });
    expect(byId(es.deals, 204)).toMatchObject({
      name: 'Club Recompensas Lakeshore',
      short_description: 'Recompensas todo el año.',
      current_points: 1200,
    });
    // Product 513's venue (301) has no Spanish name: its venueName is the original; 514's (303) has one.
    expect(byId(es.products, 513)).toMatchObject({
      name: 'Check-in en Anchor & Oar Brewing',
      frequency: 'Una vez por pase',
      venueName: 'Anchor & Oar Brewing',
      description: null,
    });
    expect(byId(es.products, 514)).toMatchObject({ venueName: 'Playa de Lighthouse Point' });
    expect(byId(es.messageLists, 801)).toMatchObject({
      name: 'Noticias del Brew Trail',
      subscribed: expect.any(Number),
    });
    // The partner is not translated; the holder's own fields are the same in every language.
    const en = await data('en');
    expect(es.partner).toEqual(en.partner);
    expect(es.partner_user).toEqual(en.partner_user);
    expect(es.order_products).toEqual(en.order_products);
    expect(es.current_points).toBe(en.current_points);
    expect((en.offer as Json).name).toBe('Lakeshore Rewards');
    expect(byId(en.products, 514)).toMatchObject({ venueName: 'Lighthouse Point Beach' });

    // An unregistered link's sign-up page: its venue and the passes that include it.
    const signUp = await data('es', TOKENS.unregVenue301);
    expect(signUp.venue).toMatchObject({
      name: 'Anchor & Oar Brewing',
      short_description: 'Cervecería frente al puerto con doce grifos.',
    });
    const passes = (signUp.unregistered_links as Array<{ pass: Json }>).map((link) => link.pass.name);
    expect(passes).toContain('Recompensas Lakeshore');
    expect(passes).toContain('Lakeshore Brew Trail');
  });

  it('a page: module names and data texts, the records the modules name, the rewards cap unchanged', async () => {
    const es = await page('offer', REWARDS, 'pass', 'es');
    const modules = es.modules as Array<Json & { id: number; data: Json }>;
    expect(byId(modules, 3042)).toMatchObject({
      name: 'Campos de membresía',
      data: {
        label: 'Tu membresía',
        fields: [
          { label: 'Saldo de puntos', key: 'current_points', value: null },
          { label: 'Próximos puntos en caducar', key: 'next_points_expiration', value: null },
          { label: 'Nivel de miembro', key: null, value: 'Harbor (nivel 2 de 3)' },
        ],
      },
    });
    // The rewards module's label is translated; its cap (a number) and its list are not texts.
    expect(byId<Json & { id: number; data: Json }>(modules, 3043)?.data).toEqual({
      label: 'Recompensas que puedes canjear',
      sorted: [1211, 1210],
      value: 3,
    });
    expect(byId<Json & { id: number; data: Json }>(modules, 3044)?.data.value).toMatch(
      /^<p>Gana <strong>100 puntos/,
    );
    const records = es.data as Json;
    expect(byId(records.venues, 303)).toMatchObject({ name: 'Playa de Lighthouse Point' });
    // Venue 301: Spanish description, English name (no translation of it).
    expect(byId(records.venues, 301)).toMatchObject({
      name: 'Anchor & Oar Brewing',
      short_description: 'Cervecería frente al puerto con doce grifos.',
    });
    const getaway = byId<Json & { id: number; attributes: Json[] }>(records.rewardItems, 1212);
    expect(getaway?.name).toBe('Noche de escapada en Lakeshore');
    expect(getaway?.attributes.map((a) => a.name)).toEqual(['Entre semana', 'Fin de semana']);

    const en = await page('offer', REWARDS, 'pass', 'en');
    expect(byId(en.modules, 3043)).toMatchObject({
      name: 'Rewards',
      data: { label: 'Rewards You Can Claim', value: 3 },
    });
    expect(byId((en.data as Json).rewardItems, 1212)).toMatchObject({ name: 'Lakeshore Getaway Night' });
  });

  it('venue 301’s page: tab labels translated, the tab keys (settings.notes) and placeholders kept', async () => {
    const es = await page('venue', 301, 'pass', 'es');
    const modules = es.modules as Array<Json & { id: number }>;
    expect(byId(modules, 3027)).toMatchObject({
      name: 'Pestaña: Sala de grifos',
      settings: { label: 'Sala de grifos', notes: 'taproom' },
    });
    expect(byId(modules, 3028)).toMatchObject({
      data: { value: expect.stringContaining('Hora feliz: {{happy_hour}}') },
    });
    expect(byId((es.data as Json).categories, 401)).toMatchObject({ name: 'Cervecerías y sidrerías' });
  });

  it('a product, the rewards, the messages and the mailing lists', async () => {
    const product = await getJson('/products/514', 'es');
    expect(product.product).toMatchObject({
      name: 'Check-in en Lighthouse Point Beach',
      venueName: 'Playa de Lighthouse Point',
    });
    expect(product.venue).toMatchObject({
      name: 'Playa de Lighthouse Point',
      short_description: 'Playa pública bajo el faro.',
    });

    const rewards = await getJson(`/partnerUser/${AVA}/rewards?offerId=${REWARDS}`, 'es');
    const items = rewards.rewardItems as Array<Json & { id: number }>;
    expect(byId(items, 1211)).toMatchObject({
      name: 'Crucero al atardecer en el faro para dos',
      pickup_instructions: expect.stringMatching(/^Preséntate en la rampa/),
    });
    // Sorted by the name the holder reads.
    const names = items.map((item) => String(item.name));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(names[0]).toBe('Alquiler de kayak por un día');
    expect(byId(rewards.venues, 303)).toMatchObject({ name: 'Playa de Lighthouse Point' });
    const points = await getJson('/pickupPoints?productId=1211&itemType=reward_item', 'es');
    expect(points.pickup_points).toEqual([
      {
        id: 5103,
        name: 'Rampa de botes de Lighthouse Point',
        venue_id: 303,
        venue_name: 'Playa de Lighthouse Point',
        address: expect.any(String),
      },
    ]);

    const messages = await getJson(`/partnerUser/${AVA}/messages?offerId=${REWARDS}`, 'es');
    expect(byId(messages.data, 705)).toMatchObject({
      subject: 'Tienes 1.200 puntos de Recompensas Lakeshore',
      message: expect.stringContaining('<strong>Crucero al atardecer en el faro para dos</strong>'),
    });
    const lists = await getJson(`/partnerUser/${AVA}/messageLists?offerId=${REWARDS}`, 'es');
    expect(byId(lists.data, 802)).toMatchObject({ name: 'Eventos de Lakeshore' });
    expect(byId(lists.data, 803)).toMatchObject({ name: 'Ofertas de socios', description: null });
    const root = await getJson('/messageLists', 'es');
    expect(byId(root.data, 801)).toEqual({
      id: 801,
      name: 'Noticias del Brew Trail',
      description: '<p>Nuevas <strong>paradas</strong> y lanzamientos de grifo cada mes.</p>',
    });
    expect(Object.keys(byId<Json & { id: number }>(lists.data, 802) ?? {}).sort()).toEqual([
      'description',
      'id',
      'name',
      'subscribed',
    ]);
  });
});

describe('a venue’s opening-hours note (issue 32 item 3)', () => {
  // Venue 301's note has Spanish; its timezone and periods are not texts and read the same in every language.
  const NOTE_EN = 'Closed Mondays. Kitchen closes one hour before the taproom.';
  const NOTE_ES = 'Cerrado los lunes. La cocina cierra una hora antes que la sala de grifos.';
  type Hours = { timezone: string; periods: unknown[]; note: string | null };
  const hoursOf = (venue: unknown) => (venue as { opening_hours: Hours }).opening_hours;
  const venuesOf = (answer: Json) => (answer.data as Json).venues;

  it('is stored with the venue’s other translations', async () => {
    const [row] = await t.database.db
      .select({ translations: venues.translations })
      .from(venues)
      .where(eq(venues.id, 301));
    expect(row?.translations?.es?.opening_hours).toEqual({ note: NOTE_ES });
  });

  it('GET /data (an unregistered link’s venue): Spanish with es, the original in English and in French', async () => {
    const es = hoursOf((await data('es', TOKENS.unregVenue301)).venue);
    const en = hoursOf((await data('en', TOKENS.unregVenue301)).venue);
    const fr = hoursOf((await data('fr', TOKENS.unregVenue301)).venue);
    expect(es.note).toBe(NOTE_ES);
    expect(en.note).toBe(NOTE_EN);
    expect(fr.note).toBe(NOTE_EN);
    expect({ ...es, note: NOTE_EN }).toEqual(en);
    expect(hoursOf((await data(undefined, TOKENS.unregVenue301)).venue).note).toBe(NOTE_EN);
  });

  it('the assignment data map and GET /products/{id}: the same, and the page cache keeps each language', async () => {
    const venueIn = async (language: string) =>
      hoursOf(byId(venuesOf(await page('venue', 301, 'pass', language)), 301));
    expect((await venueIn('es')).note).toBe(NOTE_ES);
    expect((await venueIn('en')).note).toBe(NOTE_EN);
    expect((await venueIn('es')).note).toBe(NOTE_ES);
    expect((await venueIn('fr')).note).toBe(NOTE_EN);
    // The offer's page names venue 301 too; venue 303 has a note but no Spanish of it.
    const offerPage = await page('offer', REWARDS, 'pass', 'es');
    expect(hoursOf(byId(venuesOf(offerPage), 301)).note).toBe(NOTE_ES);
    expect(hoursOf(byId(venuesOf(offerPage), 303)).note).toBe(
      'Park hours; the beach is unstaffed after sunset.',
    );

    expect(hoursOf((await getJson('/products/513', 'es')).venue).note).toBe(NOTE_ES);
    expect(hoursOf((await getJson('/products/513', 'en')).venue).note).toBe(NOTE_EN);
    expect(hoursOf((await getJson('/products/513', 'de')).venue).note).toBe(NOTE_EN);
  });
});

describe('the request’s language', () => {
  it('no header: the saved language, else English; an unknown header is ignored', async () => {
    expect((await data()).language).toBeNull();
    expect(((await data()).offer as Json).name).toBe('Lakeshore Rewards');
    for (const odd of ['xx', 'ES', 'es-ES', '']) {
      expect(((await data(odd)).offer as Json).name, odd).toBe('Lakeshore Rewards');
    }

    expect(await putLanguage('es').then((res) => [res.statusCode, res.json()])).toEqual([
      200,
      { language: 'es' },
    ]);
    expect(await savedLanguage()).toBe('es');
    try {
      const saved = await data();
      expect(saved.language).toBe('es');
      expect((saved.offer as Json).name).toBe('Recompensas Lakeshore');
      // The saved choice counts on every answer without a usable header, not only /data.
      expect(byId((await page('offer', REWARDS, 'pass')).modules, 3043)).toMatchObject({
        name: 'Recompensas',
      });
      expect((await getJson('/products/514')).product).toMatchObject({
        name: 'Check-in en Lighthouse Point Beach',
      });
      expect(((await data('xx')).offer as Json).name).toBe('Recompensas Lakeshore');
      // A header wins over the saved choice.
      const english = await data('en');
      expect((english.offer as Json).name).toBe('Lakeshore Rewards');
      expect(english.language).toBe('es');
    } finally {
      expect(await putLanguage(null).then((res) => [res.statusCode, res.json()])).toEqual([
        200,
        { language: null },
      ]);
    }
    expect(await savedLanguage()).toBeNull();
    expect((await data()).language).toBeNull();
    expect(((await data()).offer as Json).name).toBe('Lakeshore Rewards');
  });

  it('English answers are the same bytes with or without the header, and a language without translations is English', async () => {
    const none = await get('/data');
    const en = await get('/data', 'en');
    const fr = await get('/data', 'fr');
    expect(en.body).toBe(none.body);
    expect(fr.body).toBe(none.body);
    // The Brew Trail has no Spanish of its own: its offer reads the original.
    const brew = await get('/data', 'es', TOKENS.avaBrew);
    expect((brew.json().offer as Json).name).toBe('Lakeshore Brew Trail');
  });
});

describe('the per-offer caches keep each language apart', () => {
  it('answers es, en, es for the same offer without mixing them', async () => {
    const first = await get('/data', 'es');
    const english = await get('/data', 'en');
    const again = await get('/data', 'es');
    expect(again.body).toBe(first.body);
    expect(english.body).not.toBe(first.body);
    expect(english.json().offer.name).toBe('Lakeshore Rewards');
    expect(again.json().offer.name).toBe('Recompensas Lakeshore');

    const pageEs = await page('offer', REWARDS, 'pass', 'es');
    const pageEn = await page('offer', REWARDS, 'pass', 'en');
    expect(await page('offer', REWARDS, 'pass', 'es')).toEqual(pageEs);
    expect(byId(pageEn.modules, 3042)).toMatchObject({ name: 'Membership fields' });
    expect(byId(pageEs.modules, 3042)).toMatchObject({ name: 'Campos de membresía' });
  });

  it('an import changes every language at once', async () => {
    await data('es');
    await data('en');
    await page('offer', REWARDS, 'pass', 'es');
    await page('offer', REWARDS, 'pass', 'en');
    try {
      await reimportDemo(t, (doc) => {
        const deal = doc.deals.find((d) => d.id === 204);
        if (!deal?.translations?.es) throw new Error('deal 204 has Spanish in the demo');
        deal.name = 'Lakeshore Rewards Club, renamed';
        deal.translations.es.name = 'Club renombrado';
        const module = doc.modules?.find((m) => m.id === 3042);
        if (!module?.translations?.es) throw new Error('module 3042 has Spanish in the demo');
        module.translations.es.name = 'Campos renombrados';
      });
      expect(byId((await data('es')).deals, 204)).toMatchObject({ name: 'Club renombrado' });
      expect(byId((await data('en')).deals, 204)).toMatchObject({ name: 'Lakeshore Rewards Club, renamed' });
      expect(byId((await page('offer', REWARDS, 'pass', 'es')).modules, 3042)).toMatchObject({
        name: 'Campos renombrados',
      });
      expect(byId((await page('offer', REWARDS, 'pass', 'en')).modules, 3042)).toMatchObject({
        name: 'Membership fields',
      });
    } finally {
      await reimportDemo(t, () => {});
    }
    expect(byId((await data('es')).deals, 204)).toMatchObject({ name: 'Club Recompensas Lakeshore' });
  });

  describe('console changes', () => {
    let manager: StaffClient;
    beforeAll(async () => {
      await makeStaff(t, 'manager@lakeshore.test', { partnerId: 1, role: 'manager' });
      manager = await signIn(t.app, 'manager@lakeshore.test');
    });

    it('a quick edit shows in every language', async () => {
      const before = { es: await data('es'), en: await data('en') };
      const until = '2031-03-31T12:00:00Z';
      const edit = await manager.request({
        method: 'PATCH',
        url: pathOf(contentPaths.deal, { offerId: REWARDS, dealId: 204 }),
        payload: { pointsValidUntil: until },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      for (const language of ['es', 'en'] as const) {
        const deal = byId<Json & { id: number }>((await data(language)).deals, 204);
        expect(deal?.points_valid_until, language).toBe('2031-03-31T12:00:00.000Z');
        expect(deal?.name).toBe(byId<Json & { id: number }>(before[language].deals, 204)?.name);
      }
    });

    it('an upload’s apply shows its translations in every language, and its removed ones are gone', async () => {
      const exported = await manager.request({
        method: 'GET',
        url: pathOf(contentExportPaths.export, { offerId: REWARDS }),
      });
      expect(exported.statusCode).toBe(200);
      const files = unzipSync(new Uint8Array(exported.rawPayload));
      const doc = JSON.parse(new TextDecoder().decode(files['pass.json'])) as PassDocument;
      const deal = doc.deals.find((d) => d.id === 204);
      if (!deal?.translations?.es) throw new Error('the export carries deal 204’s Spanish');
      deal.translations.es.name = 'Club subido';
      deal.translations.fr = { name: 'Club Lakeshore' };
      const offer = doc.offers[0];
      if (!offer) throw new Error('no offer');
      delete offer.translations;
      const body = zipSync({ ...files, 'pass.json': strToU8(JSON.stringify(doc, null, 2)) });
      const post = (url: string) =>
        manager.request({
          method: 'POST',
          url,
          payload: Buffer.from(body),
          headers: { 'content-type': 'application/zip' },
        });
      const dry = await post(pathOf(contentImportPaths.dryRun, { offerId: REWARDS }));
      expect(dry.statusCode, dry.body.slice(0, 1000)).toBe(200);
      const kinds = Object.fromEntries(
        (dry.json().kinds as Array<{ kind: string; changed: Json[] }>).map((k) => [k.kind, k.changed]),
      );
      expect(kinds.deals).toEqual([{ id: 204, label: deal.name, fields: ['translations'] }]);
      expect(kinds.offer).toEqual([{ id: REWARDS, label: 'Lakeshore Rewards', fields: ['translations'] }]);
      const applied = await post(
        `${pathOf(contentApplyPaths.apply, { offerId: REWARDS })}?checksum=${dry.json().checksum}`,
      );
      expect(applied.statusCode, applied.body.slice(0, 1000)).toBe(200);

      const es = await data('es');
      expect(byId(es.deals, 204)).toMatchObject({ name: 'Club subido' });
      // The offer's translations were removed: its Spanish answer is the original.
      expect((es.offer as Json).name).toBe('Lakeshore Rewards');
      expect(byId((await data('fr')).deals, 204)).toMatchObject({ name: 'Club Lakeshore' });
      expect(byId((await data('en')).deals, 204)).toMatchObject({ name: 'Lakeshore Rewards Club' });
    });
  });
});

describe('PUT /language', () => {
  it('validates the language with the error shape, and answers 401, 403 and 404 as the holder writes do', async () => {
    for (const bad of ['it', 'ES', '', 3, { code: 'es' }]) {
      const error = expectError(await putLanguage(bad), 400, 'invalid_input');
      expect(Object.keys(error.fields ?? {})).toContain('language');
    }
    expectError(
      await t.app.inject({
        method: 'PUT',
        url: '/pass/api/language',
        headers: passHeaders(TOKENS.avaRewards),
        payload: { language: 'es', extra: 1 },
      }),
      400,
      'invalid_input',
    );
    expectError(await putLanguage('es', TOKENS.previewProduct), 403, 'forbidden');
    expectError(await putLanguage('es', TOKENS.unregVenue301), 403, 'forbidden');
    expectError(await putLanguage('es', TOKENS.guestHarbor), 404, 'not_found');
    expectError(
      await t.app.inject({
        method: 'PUT',
        url: '/pass/api/language',
        headers: passHeaders(undefined),
        payload: { language: 'es' },
      }),
      401,
      'unauthorized',
    );
    expect(await savedLanguage()).toBeNull();
  });

  it('keeps the choice with the holder, for every pass of theirs', async () => {
    expect((await putLanguage('de')).statusCode).toBe(200);
    try {
      expect(await savedLanguage()).toBe('de');
      // Ava's other pass (the Brew Trail) reads the same choice.
      expect((await data(undefined, TOKENS.avaBrew)).language).toBe('de');
      expect((await putLanguage('de')).json()).toEqual({ language: 'de' });
    } finally {
      await putLanguage(null);
    }
  });
});

describe('the import format', () => {
  const base = (): PassDocument => ({
    format: 'pass-import/1',
    provider: { name: 'Trailpass', emailDomain: 'trailpass.example' },
    partners: [{ id: 1, name: 'P', timezone: 'UTC' }],
    offers: [{ id: 1, partner_id: 1, name: 'Offer', use_points: true }],
    deals: [{ id: 2, offer_id: 1, name: 'Deal', use_points: true, venue_ids: [3] }],
    venues: [{ id: 3, name: 'Venue', pin: '1234' }],
    products: [],
    partnerUsers: [],
    passes: [],
    passLinks: [],
    assignments: [{ id: 4, type: 'offer', assignmentId: 1, location: 'pass', offer_id: 1, modules: [5] }],
    modules: [
      {
        id: 5,
        type: 'DashboardItemCards',
        name: 'Rewards',
        sort_order: 0,
        data: { label: 'Rewards', value: 3, items: [{ title: 'One' }] },
      },
    ],
  });
  const errorsOf = (doc: PassDocument) =>
    validatePassDocument(doc, { baseDir: tmpdir() }).map((e) => `${e.path} ${e.message}`);

  it('accepts a file without translations, and with translations of text fields', () => {
    expect(errorsOf(base())).toEqual([]);
    const doc = base();
    doc.offers[0] = {
      ...(doc.offers[0] as PassDocument['offers'][number]),
      translations: { es: { name: 'Oferta' }, de: {} },
    };
    (doc.venues[0] as PassDocument['venues'][number]).translations = {
      fr: { name: 'Lieu', description: '<p>x</p>' },
    };
    (doc.modules?.[0] as NonNullable<PassDocument['modules']>[number]).translations = {
      es: { name: 'Premios', data: { label: 'Premios', items: [{ title: 'Uno' }] } },
    };
    expect(errorsOf(doc)).toEqual([]);
  });

  it('takes a venue’s opening-hours note nested as the original’s, and nothing else of the hours', () => {
    const withHours = () => {
      const doc = base();
      (doc.venues[0] as PassDocument['venues'][number]).opening_hours = {
        timezone: 'UTC',
        periods: [{ day: 'mon', open: '09:00', close: '17:00' }],
        note: 'Kitchen closes at 9',
      };
      return doc;
    };
    const venue = (doc: PassDocument) => doc.venues[0] as unknown as Json;

    const note = withHours();
    venue(note).translations = { es: { name: 'Lugar', opening_hours: { note: 'La cocina cierra a las 9' } } };
    expect(errorsOf(note)).toEqual([]);

    const timezone = withHours();
    venue(timezone).translations = { es: { opening_hours: { note: 'x', timezone: 'Europe/Madrid' } } };
    expect(errorsOf(timezone)).toEqual([
      '$.venues[0].translations.es.opening_hours.timezone unknown key "timezone" (allowed: note)',
    ]);

    const periods = withHours();
    venue(periods).translations = { fr: { opening_hours: { periods: [] } } };
    expect(errorsOf(periods)).toEqual([
      '$.venues[0].translations.fr.opening_hours.periods unknown key "periods" (allowed: note)',
    ]);

    // Flat, as the other texts are, it is not the nested shape.
    const flat = withHours();
    venue(flat).translations = { es: { note: 'La cocina cierra a las 9' } };
    expect(errorsOf(flat).join('\n')).toMatch(/^\$\.venues\[0\]\.translations\.es\.note unknown key "note"/);

    // A note stands in for the original's: none without one.
    const noNote = withHours();
    (venue(noNote).opening_hours as Json).note = null;
    venue(noNote).translations = { es: { opening_hours: { note: 'Solo en español' } } };
    expect(errorsOf(noNote)).toEqual([
      '$.venues[0].translations.es.opening_hours.note translates a note the original opening hours do not have',
    ]);
    const noHours = base();
    venue(noHours).translations = { de: { opening_hours: { note: 'Nur auf Deutsch' } } };
    expect(errorsOf(noHours)).toEqual([
      '$.venues[0].translations.de.opening_hours.note translates a note of opening hours the venue does not have',
    ]);
  });

  it('rejects a translation of a non-text field, an unknown language, and a module text of another shape', () => {
    const pin = base();
    (pin.venues[0] as unknown as Json).translations = { es: { pin: '9999' } };
    expect(errorsOf(pin).join('\n')).toMatch(/venues\[0\]\.translations\.es/);

    const italian = base();
    (italian.offers[0] as unknown as Json).translations = { it: { name: 'Offerta' } };
    expect(errorsOf(italian).join('\n')).toMatch(/offers\[0\]\.translations/);

    const number = base();
    (number.deals[0] as unknown as Json).translations = { es: { name: 3 } };
    expect(errorsOf(number).join('\n')).toMatch(/deals\[0\]\.translations\.es\.name/);

    const cap = base();
    (cap.modules?.[0] as unknown as Json).translations = { es: { data: { value: 'tres' } } };
    expect(errorsOf(cap)).toEqual([
      '$.modules[0].translations.es.data.value translates a value the original does not have as text',
    ]);

    const items = base();
    (items.modules?.[0] as unknown as Json).translations = {
      es: { data: { items: [{}, { title: 'Dos' }] } },
    };
    expect(errorsOf(items).join('\n')).toMatch(
      /translations\.es\.data\.items has 2 items where the original has 1/,
    );

    const tabKey = base();
    (tabKey.modules?.[0] as unknown as Json).translations = { es: { settings: { notes: 'pestaña' } } };
    expect(errorsOf(tabKey).join('\n')).toMatch(/modules\[0\]\.translations\.es\.settings/);
  });
});
