import {
  LANGUAGE_HEADER,
  NOT_ENOUGH_POINTS_MESSAGE,
  PASS_LANGUAGES,
  SOLD_OUT_MESSAGE,
} from '@trailpass/contract';
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { points_ledger } from '../src/db/schema';
import { localizedError, TRANSLATED_ERROR_MESSAGES } from '../src/modules/language/errors';
import { compileCatalogue, translator } from '../src/modules/language/i18n';
import de from '../src/modules/language/locales/de.json' with { type: 'json' };
import en from '../src/modules/language/locales/en.json' with { type: 'json' };
import es from '../src/modules/language/locales/es.json' with { type: 'json' };
import fr from '../src/modules/language/locales/fr.json' with { type: 'json' };
import { localizedReason } from '../src/modules/language/reasons';
import { formatPoints, formatSlot } from '../src/modules/mail/format';
import { loginCodeMail, passLinkMail, shippedMail } from '../src/modules/mail/messages';
import { appendLedgerEntry } from '../src/modules/points/ledger';
import { WRONG_PIN_MESSAGE } from '../src/modules/redeem/domain';
import { ApiError } from '../src/plugins/errors';
import { api, callInLanguage, createTestApp, lastMail, mintVisitor, type TestApp, TOKENS } from './helpers';

// Issue 32 (decision 0049, "what is not translated yet"): the server's own holder-facing texts in the
// request's language: the cart's refusals and answer, a redemption's refusal, points reasons, the share
// text, the manifest's name, the PUT messageLists answer, and the holder e-mails in the saved language.
// English stays what it was; a request without a usable header reads the saved language, else English.
const AVA = 1001;
const REWARDS = 102;

const NOW = new Date();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});

afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, language?: string, payload?: object, token?: string) =>
  callInLanguage(t.app, method, url, language, payload, token);

async function saveLanguage(language: string | null) {
  const res = await call('PUT', '/language', undefined, { language });
  expect(res.statusCode, res.body).toBe(200);
}

const claim = (itemId: number, extra: object = {}) => ({
  offerId: REWARDS,
  partnerUserId: AVA,
  qty: 1,
  itemId,
  itemType: 'product',
  deliveryMethod: 'shipped',
  payWithPoints: true,
  ...extra,
});

type Catalogue = { [key: string]: string | Catalogue };
function keysOf(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

/** The values a compiled message reads (its arguments, plurals' own included). */
function argumentsOf(message: unknown): string[] {
  if (!Array.isArray(message)) return [];
  return message.flatMap((token) => {
    if (!Array.isArray(token)) return [];
    const [name, , cases] = token as [string, string?, unknown?];
    const inner =
      cases !== null && typeof cases === 'object' ? Object.values(cases).flatMap(argumentsOf) : [];
    return [name, ...inner];
  });
}

describe('the server catalogues', () => {
  it('have the same keys in every language', () => {
    const english = keysOf(en).sort();
    for (const catalogue of [es, fr, de]) expect(keysOf(catalogue).sort()).toEqual(english);
  });

  it('compile as ICU MessageFormat, each translation reading the values its English one reads', () => {
    const english = compileCatalogue('en', en);
    for (const [language, catalogue] of Object.entries({ es, fr, de })) {
      const compiled = compileCatalogue(language, catalogue);
      for (const [key, message] of Object.entries(english)) {
        const values = new Set(argumentsOf(message));
        expect(new Set(argumentsOf(compiled[key])), `${language}: ${key}`).toEqual(values);
      }
    }
  });

  it('stop the start with a message that does not parse, naming its language and key', () => {
    expect(() =>
      compileCatalogue('es', { mail: { hi: 'Hola,', points: '{count, plural, one {{points} punto}' } }),
    ).toThrow(/^The es catalogue's mail\.points is not ICU MessageFormat: /);
    expect(() => compileCatalogue('fr', { share: { fallback: 'Découvrez {name.' } })).toThrow(
      /The fr catalogue's share\.fallback/,
    );
  });

  it('choose each language’s plural, with the count as the caller wrote it', () => {
    expect(translator('en')('errors.tooManyAttempts', { count: 1 })).toBe(
      'Too many wrong codes. Please wait 1 minute and try again.',
    );
    expect(translator('en')('errors.tooManyAttempts', { count: 15 })).toBe(
      'Too many wrong codes. Please wait 15 minutes and try again.',
    );
    expect(translator('de')('errors.tooManyAttempts', { count: 1 })).toBe(
      'Zu viele falsche Codes. Bitte warte 1 Minute und versuche es dann noch einmal.',
    );
    expect(translator('fr')('errors.tooManyAttempts', { count: 0 })).toContain('patienter 0 minute et');
    // Spanish and French have a plural for millions (`1.000.000 de puntos`).
    expect(formatPoints(1_000_000, 'es')).toBe('1.000.000 de puntos');
    expect(formatPoints(1_000_000, 'de')).toBe('1.000.000 Punkte');
    expect(formatPoints(1_000_000)).toBe('1,000,000 points');
  });

  it('put values in as they are written, a backslash included, in every language', () => {
    for (const language of PASS_LANGUAGES) {
      const text = translator(language)('points.claimed', { item: String.raw`Tee \x41 \u0042 {item} #` });
      expect(text).toContain(String.raw`Tee \x41 \u0042 {item} #`);
    }
    expect(localizedReason(String.raw`claimed Mug \u0041`, 'es')).toBe(String.raw`canjeaste Mug \u0041`);
    // A value holding the marker the backslash values go in as stays as written beside one of them.
    expect(localizedReason('claimed Cap \u00010\u0001 (Size \\x41)', 'de')).toBe(
      'eingelöst: Cap \u00010\u0001 (Size \\x41)',
    );
  });

  it('hold every refusal the server translates, English as thrown', () => {
    for (const message of TRANSLATED_ERROR_MESSAGES) {
      const error = new ApiError(422, 'unprocessable', message);
      expect(localizedError(error, 'en')).toBe(error);
      for (const language of PASS_LANGUAGES.filter((l) => l !== 'en')) {
        const translated = localizedError(error, language).message;
        expect(translated, `${language}: ${message}`).not.toBe(message);
        expect(translated).not.toMatch(/^errors\./);
      }
    }
  });
});

describe('refusals and answers in the request’s language', () => {
  it('the cart: a refusal in Spanish, English without the header, and the fallback of an unknown one', async () => {
    const tooDear = claim(1213, { deliveryMethod: 'picked_up' });
    const es = await call('POST', '/cart', 'es', tooDear);
    expect(es.statusCode).toBe(422);
    expect(es.json().error).toEqual({
      code: 'unprocessable',
      message: 'No tienes puntos suficientes para canjear esto.',
    });
    const english = await call('POST', '/cart', undefined, tooDear);
    expect(english.json().error.message).toBe(NOT_ENOUGH_POINTS_MESSAGE);
    expect((await call('POST', '/cart', 'en', tooDear)).body).toBe(english.body);
    // An unknown header counts as none: no saved language, so English.
    expect((await call('POST', '/cart', 'xx', tooDear)).body).toBe(english.body);
    expect((await call('POST', '/cart', 'de', claim(1214))).json().error.message).toBe(
      'Leider ist diese Prämie nicht mehr verfügbar.',
    );
    expect((await call('POST', '/cart', undefined, claim(1214))).json().error.message).toBe(SOLD_OUT_MESSAGE);
  });

  it('a redemption’s refusal, in its error and its errors list', async () => {
    const body = { partnerUserId: AVA, orderProductIds: [9311], pinNumber: '0000' };
    const es = await call('POST', `/partnerUser/${AVA}/redeem`, 'es', body, TOKENS.avaBrew);
    expect(es.statusCode).toBe(422);
    expect(es.json()).toMatchObject({
      error: { message: 'Ese código no es correcto. Inténtalo de nuevo.' },
      errors: ['Ese código no es correcto. Inténtalo de nuevo.'],
      order_products: [],
    });
    const english = await call('POST', `/partnerUser/${AVA}/redeem`, undefined, body, TOKENS.avaBrew);
    expect(english.json()).toMatchObject({
      error: { message: WRONG_PIN_MESSAGE },
      errors: [WRONG_PIN_MESSAGE],
    });
  });

  it('a sign-in refusal', async () => {
    const visitor = await mintVisitor(t.app);
    const login = (language?: string) =>
      api(t.app, 'POST', '/login', visitor, {
        payload: { email: 'nobody@example.com' },
        headers: language === undefined ? {} : { [LANGUAGE_HEADER]: language },
      });
    expect((await login('es')).json().error.message).toBe(
      'No hemos encontrado este correo electrónico en nuestros registros.',
    );
    expect((await login()).json().error.message).toBe('We could not find this email in our logs.');
  });

  it('the saved language when there is no header, the header over it', async () => {
    await saveLanguage('fr');
    try {
      const tooDear = claim(1213, { deliveryMethod: 'picked_up' });
      expect((await call('POST', '/cart', undefined, tooDear)).json().error.message).toBe(
        'Vous n’avez pas assez de points pour obtenir ceci.',
      );
      expect((await call('POST', '/cart', 'en', tooDear)).json().error.message).toBe(
        NOT_ENOUGH_POINTS_MESSAGE,
      );
    } finally {
      await saveLanguage(null);
    }
  });

  it('the messageLists PUT answers the list in the request’s language', async () => {
    const put = (language?: string) =>
      call('PUT', `/partnerUser/${AVA}/messageLists/801`, language, { id: 801, subscribed: 1 });
    const es = await put('es');
    expect(es.statusCode, es.body).toBe(200);
    expect(es.json()).toMatchObject({ id: 801, name: 'Noticias del Brew Trail', subscribed: 1 });
    const english = await put();
    expect(english.json().name).not.toBe('Noticias del Brew Trail');
    expect((await put('en')).body).toBe(english.body);
    expect(Object.keys(es.json())).toEqual(Object.keys(english.json()));
  });

  it('the share answer: the offer’s and deal’s texts', async () => {
    const share = (language?: string, dealId?: number) =>
      call(
        'GET',
        `/partnerUser/${AVA}/share?offerId=${REWARDS}${dealId === undefined ? '' : `&dealId=${dealId}`}`,
        language,
      );
    const es = (await share('es')).json();
    expect(es.title).toBe('Recompensas Lakeshore');
    expect(es.text).toMatch(/^Gana puntos todo el año/);
    expect((await share('es', 204)).json()).toMatchObject({
      title: 'Club Recompensas Lakeshore',
      text: 'Recompensas todo el año.',
    });
    const english = await share();
    expect(english.json().title).toBe('Lakeshore Rewards');
    expect((await share('en')).body).toBe(english.body);
  });

  it('the web manifest’s name: the saved language (a browser sends no header), else English', async () => {
    const manifest = () =>
      t.app.inject({
        method: 'GET',
        url: `/pass/api/manifest.webmanifest?t=${TOKENS.avaRewards}&o=${REWARDS}`,
      });
    const english = await manifest();
    expect(english.json()).toMatchObject({ name: 'Lakeshore Rewards', short_name: 'Lakeshore Rewards' });
    await saveLanguage('es');
    try {
      expect((await manifest()).json()).toMatchObject({
        name: 'Recompensas Lakeshore',
        short_name: 'Recompensas Lakeshore',
      });
    } finally {
      await saveLanguage(null);
    }
    expect((await manifest()).body).toBe(english.body);
  });
});

describe('points reasons', () => {
  it('the reasons the server writes read in the request’s language; others as written; stored rows unchanged', async () => {
    const reasons = [
      'claimed Brew Trail Tee (M)',
      'claimed Insulated Tumbler',
      'checked in at Anchor & Oar Brewing',
      'checked in: Harbor Walk',
      'redeemed Growler Fill at Anchor & Oar',
      'redeemed Growler Fill',
      'refund: Brew Trail Tee (M) cancelled',
      'welcome bonus for joining Lakeshore Rewards',
    ];
    for (const reasonText of reasons) {
      await appendLedgerEntry(t.database.db, {
        partnerUserId: AVA,
        offerId: REWARDS,
        dealId: 204,
        reasonText,
        points: 0,
        valueDate: new Date(NOW.getTime() - 60_000),
      });
    }
    const history = async (language?: string) => {
      const res = await call(
        'GET',
        `/partnerUser/${AVA}/points/history?offerId=${REWARDS}&dealId=204`,
        language,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const texts = async (language?: string) =>
      ((await history(language)).json().data as Array<{ reason_text: string }>).map((row) => row.reason_text);
    const spanish = await texts('es');
    for (const expected of [
      'canjeaste Brew Trail Tee (M)',
      'canjeaste Insulated Tumbler',
      'check-in en Anchor & Oar Brewing',
      'check-in: Harbor Walk',
      'usaste Growler Fill en Anchor & Oar',
      'usaste Growler Fill',
      'reembolso: Brew Trail Tee (M) cancelado',
      // A partner's own words: as written.
      'welcome bonus for joining Lakeshore Rewards',
    ]) {
      expect(spanish).toContain(expected);
    }
    const english = await texts();
    for (const reason of reasons) expect(english).toContain(reason);
    expect((await history('en')).body).toBe((await history()).body);
    const stored = await t.database.db
      .select({ id: points_ledger.id })
      .from(points_ledger)
      .where(like(points_ledger.reason_text, 'canjeaste%'));
    expect(stored).toEqual([]);
  });

  it('keeps a reason it does not know as written, in any language', () => {
    expect(localizedReason('double points weekend bonus', 'de')).toBe('double points weekend bonus');
    expect(localizedReason('claimed Mug', 'fr')).toBe('récompense obtenue : Mug');
    expect(localizedReason('claimed Mug', 'en')).toBe('claimed Mug');
  });
});

describe('holder e-mails in the saved language', () => {
  it('the order confirmation, and the completion’s answer, in Spanish for a holder whose language is es', async () => {
    await saveLanguage('es');
    try {
      const created = await call('POST', '/cart', 'es', claim(1211, { deliveryMethod: 'picked_up' }));
      expect(created.statusCode, created.body).toBe(200);
      const { orderId } = created.json();
      const done = await call('PUT', `/cart/${orderId}/complete`, 'es', { orderId });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().message).toBe('Hemos recibido tu pedido.');
      // The cart's answers name the item in Spanish too.
      expect(created.json().order.products[0].name).toBe('Crucero al atardecer en el faro para dos');
      expect(done.json().order.products[0].name).toBe('Crucero al atardecer en el faro para dos');
      const mail = await lastMail(t, 'order-confirmation', 'ava@example.com');
      expect(mail.subject).toBe(`Tu pedido n.º ${orderId} de Recompensas Lakeshore`);
      const text = mail.text_body ?? '';
      for (const line of [
        'Hola, Ava:',
        'Hemos recibido tu pedido. Aquí tienes los detalles.',
        `Pedido n.º ${orderId}`,
        'Crucero al atardecer en el faro para dos · Recogida · Cant. 1: 1000 puntos',
        'Total de puntos del pedido: 1000 puntos',
        'Pagos\n\nPuntos: 1000 puntos',
        'Instrucciones de recogida: Preséntate en la rampa de botes 20 minutos antes de la salida.',
      ]) {
        expect(text).toContain(line);
      }
      expect(mail.html_body).toMatch(/<html[^>]* lang="es"/);
      // The ledger keeps the reason as written (English); the history reads it in Spanish.
      const history = await call(
        'GET',
        `/partnerUser/${AVA}/points/history?offerId=${REWARDS}&dealId=204`,
        'es',
      );
      expect(history.json().data.map((row: { reason_text: string }) => row.reason_text)).toContain(
        'canjeaste Lighthouse Sunset Cruise for Two',
      );

      // The order history and details: the item's name and pickup instructions as the reward's Spanish,
      // which they still are in English; English unchanged, with or without the header.
      const orders = async (language?: string) => {
        const res = await call('GET', `/partnerUser/${AVA}/orders?offerId=${REWARDS}`, language);
        expect(res.statusCode, res.body).toBe(200);
        return res;
      };
      const spanishItem = (await orders('es')).json().data[0].products[0];
      expect(spanishItem).toMatchObject({
        name: 'Crucero al atardecer en el faro para dos',
        pickup_instructions: expect.stringMatching(/^Preséntate en la rampa de botes/),
        parent: { pickup_instructions: expect.stringMatching(/^Preséntate/) },
      });
      const order = (language?: string) => call('GET', `/partnerUser/${AVA}/orders/${orderId}`, language);
      expect((await order('es')).json().products[0].name).toBe('Crucero al atardecer en el faro para dos');
      // An unknown header counts as none: Ava's saved language (es).
      expect((await order('xx')).json().products[0].name).toBe('Crucero al atardecer en el faro para dos');
      const englishItem = (await orders('en')).json().data[0].products[0];
      expect(englishItem.name).toBe('Lighthouse Sunset Cruise for Two');
      expect(englishItem.pickup_instructions).toMatch(/^Check in at the boat launch/);
      // A reward renamed since: the order keeps what was ordered, in any language.
      await t.database.db.execute(sql`update reward_items set name = 'Sunset Cruise' where id = 1211`);
      expect((await order('es')).json().products[0].name).toBe('Lighthouse Sunset Cruise for Two');
    } finally {
      await saveLanguage(null);
    }
  });

  it('the pass link e-mail: Spanish for a holder whose language is es, English when none', async () => {
    const ask = async () => {
      const visitor = await mintVisitor(t.app);
      const res = await api(t.app, 'POST', '/login/lost-link', visitor, {
        payload: { email: 'ava@example.com' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return lastMail(t, 'pass-link', 'ava@example.com');
    };
    await saveLanguage('es');
    try {
      const spanish = await ask();
      expect(spanish.subject).toMatch(/^Tu enlace a /);
      expect(spanish.text_body).toContain('Abrir mi pase');
      expect(spanish.text_body).toContain('O copia esta dirección en tu navegador:');
    } finally {
      await saveLanguage(null);
    }
    const english = await ask();
    expect(english.subject).toMatch(/^Your link to /);
    expect(english.text_body).toContain('Open My Pass');
    // The form's answer: in the request's language (the offer's name too, where it has one).
    const answer = await api(t.app, 'POST', '/login/lost-link', await mintVisitor(t.app), {
      payload: { email: 'ava@example.com' },
      headers: { [LANGUAGE_HEADER]: 'es' },
    });
    expect(answer.json().message).toMatch(
      /^Si este correo tiene un pase de .+, su enlace ya está en camino\.$/,
    );
  });

  it('the sign-in code and shipped e-mails, and their numbers and dates, in Spanish', async () => {
    const brand = { offerName: 'Recompensas Lakeshore', colour: '#1B5E7A', logoUrl: null };
    const code = loginCodeMail(brand, { code: '123456', minutes: 15 }, 'es');
    expect(code.subject).toBe('123456 es tu código de acceso a Recompensas Lakeshore');
    expect(code.text).toContain('Vale durante 15 minutos y una sola vez.');
    const shipped = shippedMail(
      brand,
      {
        orderId: 9,
        firstName: 'Ava',
        item: 'Brew Trail Tee (M)',
        carrier: 'UPS',
        trackingNumber: '1Z',
        trackingUrl: 'https://ups.example/track?n=1Z',
        shipTo: ['Ava Lindqvist'],
      },
      'es',
    );
    expect(shipped.subject).toBe('Tu recompensa de Recompensas Lakeshore está en camino: Brew Trail Tee (M)');
    expect(shipped.text).toContain(
      'Buenas noticias: Brew Trail Tee (M) de tu pedido n.º 9 ya se ha enviado.',
    );
    expect(shipped.text).toContain('Transportista: UPS');
    expect(formatPoints(1000, 'es')).toBe('1000 puntos');
    expect(formatPoints(12000, 'es')).toBe('12.000 puntos');
    expect(formatPoints(1, 'es')).toBe('1 punto');
    expect(formatPoints(1000)).toBe('1,000 points');
    expect(formatSlot({ date: '2026-11-24', time: '16:00', timezone: 'America/Chicago' }, 'es')).toBe(
      'martes, 24 de noviembre de 2026 a las 16:00 (America/Chicago)',
    );
    // English: the templates' strings as they were.
    const link = passLinkMail(brand, { firstName: null, link: 'https://x.example/p' });
    expect(link.subject).toBe('Your link to Recompensas Lakeshore');
    expect(link.html).toMatch(/<html[^>]* lang="en"/);
    expect(translator('en')('mail.loginCodeValidity', { count: 1, minutes: 1 })).toBe(
      'It works for 1 minutes, once.',
    );
  });
});

describe('the share text’s fallback', () => {
  it('names the offer in the request’s language when it has no description', async () => {
    await t.database.db.execute(
      sql`update offers set description = null, translations = translations #- '{es,description}' where id = 102`,
    );
    const share = (language?: string) =>
      call('GET', `/partnerUser/${AVA}/share?offerId=${REWARDS}`, language);
    expect((await share('es')).json().text).toBe('Echa un vistazo a Recompensas Lakeshore.');
    expect((await share('de')).json().text).toBe('Schau dir Lakeshore Rewards an.');
    expect((await share()).json().text).toBe('Have a look at Lakeshore Rewards.');
  });
});
