import type { DealSummary, Product, Venue } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { loadCatalogues } from '../i18n/switch';
import { escapeHtml, fillTemplate, PLACEHOLDER_NOT_FOUND, resolvePlaceholder } from './templates';

// Shaped after the demo's venue 301, product 504 and deal 201.
const venue301: Venue = {
  id: 301,
  name: 'Anchor & Oar Brewing',
  address: '118 Harbor Street, Port Alder, WI 54290',
  google_place_id: 'ChIJDemoLakeshoreAnchorOar301',
  latitude: 44.0921,
  longitude: -87.6563,
  phone: '+1 920-555-0101',
  website: 'anchorandoar.example',
  description: 'A harbor-front brewpub in a restored 1890s net shed.',
  short_description: 'Harbor-front brewpub with twelve taps.',
  categories: [401],
  media: [],
  opening_hours: null,
  custom_fields: {
    happy_hour: 'Tue–Fri 3–5 pm',
    dog_friendly: 'Yes, in the beer garden',
    pairing: 'Venue pairing',
  },
};

const product504: Product = {
  id: 504,
  offer_id: 101,
  deal_id: 201,
  venue_id: 301,
  name: 'Free Tasting Flight',
  type: 'ticket',
  redemptions: 1,
  repeat: false,
  repeat_delay: null,
  repeat_delay_type: null,
  points_to_be_earned: 0,
  settings: { quiz: null },
  ticket_settings: null,
  information: 'One flight of four 5-oz pours.\nChoose from the current tap list.\n\n21+ with valid ID.',
  short_information: 'Show the ticket at the bar.',
  restrictions: 'One flight per pass.\nNot valid during private events.',
  frequency: 'Once per pass',
  description: 'Four 5-oz pours from the current tap list.\nPairs well with a soft pretzel.',
  short_description: 'Four 5-oz pours, on us.',
  media: [],
  custom_fields: { pairing: 'Soft pretzel with beer cheese' },
  venueName: 'Anchor & Oar Brewing',
  redeemedCount: 0,
  unRedeemedCount: 1,
};

const deal201: DealSummary = {
  id: 201,
  offer_id: 101,
  name: 'Brew Trail Passport',
  use_points: true,
  venue_ids: [301, 302, 308, 303],
  max_product_redemptions: 6,
  points_valid_until: null,
  description: 'Visit the breweries and the cider house on the trail.',
  short_description: 'Check in, earn points, claim trail gear.',
  media: [],
  totalProductsCount: 8,
};

describe('fillTemplate (spec 2.4, demo resolved ambiguity 9)', () => {
  it('fills every field placeholder of the product 504 template', () => {
    const template =
      '{{name}} at {{venueName}} | {{shortDescription}} | {{address}} | {{shortInformation}} | ' +
      '{{frequency}} | {{pairing}} | {{brewer_note}}';
    expect(fillTemplate(template, { product: product504, venue: venue301 })).toBe(
      'Free Tasting Flight at Anchor & Oar Brewing | Four 5-oz pours, on us. | ' +
        '118 Harbor Street, Port Alder, WI 54290 | Show the ticket at the bar. | Once per pass | ' +
        'Soft pretzel with beer cheese | N/A',
    );
  });

  it('keeps newlines of multi-line fields in plain text', () => {
    expect(fillTemplate('{{information}}', { product: product504 })).toBe(product504.information);
    expect(fillTemplate('{{restrictions}}', { product: product504 })).toBe(product504.restrictions);
    expect(fillTemplate('{{description}}', { product: product504 })).toBe(product504.description);
  });

  it('allows spaces inside the braces', () => {
    expect(
      fillTemplate('{{ name }}/{{  venueName}}/{{frequency   }}', { product: product504, venue: venue301 }),
    ).toBe('Free Tasting Flight/Anchor & Oar Brewing/Once per pass');
  });

  it('takes name and descriptions from the product, else the venue, else the deal', () => {
    const template = '{{name}}|{{shortDescription}}|{{description}}';
    expect(fillTemplate(template, { product: product504, venue: venue301, deal: deal201 })).toBe(
      `Free Tasting Flight|Four 5-oz pours, on us.|${product504.description}`,
    );
    expect(fillTemplate(template, { venue: venue301, deal: deal201 })).toBe(
      'Anchor & Oar Brewing|Harbor-front brewpub with twelve taps.|A harbor-front brewpub in a restored 1890s net shed.',
    );
    expect(fillTemplate(template, { deal: deal201 })).toBe(
      'Brew Trail Passport|Check in, earn points, claim trail gear.|Visit the breweries and the cider house on the trail.',
    );
    expect(fillTemplate(template, { product: null, venue: null, deal: deal201 })).toBe(
      'Brew Trail Passport|Check in, earn points, claim trail gear.|Visit the breweries and the cider house on the trail.',
    );
  });

  it('fills the venue 301 template with its custom fields', () => {
    expect(
      fillTemplate('{{name}}, {{address}}. Happy hour: {{happy_hour}}. Dogs: {{dog_friendly}}', {
        venue: venue301,
      }),
    ).toBe(
      'Anchor & Oar Brewing, 118 Harbor Street, Port Alder, WI 54290. Happy hour: Tue–Fri 3–5 pm. ' +
        'Dogs: Yes, in the beer garden',
    );
  });

  it('takes address and venueName from the venue, venueName falling back to the product', () => {
    const renamed = { ...venue301, name: 'Anchor and Oar' };
    expect(fillTemplate('{{venueName}}', { product: product504, venue: renamed })).toBe('Anchor and Oar');
    expect(fillTemplate('{{venueName}}', { product: product504 })).toBe('Anchor & Oar Brewing');
    expect(fillTemplate('{{venueName}}', { product: { ...product504, venueName: null } })).toBe('N/A');
    expect(fillTemplate('{{address}}', { product: product504 })).toBe('N/A');
  });

  it('looks custom fields up in the product first, then the venue', () => {
    expect(fillTemplate('{{pairing}}', { product: product504, venue: venue301 })).toBe(
      'Soft pretzel with beer cheese',
    );
    expect(fillTemplate('{{pairing}}', { venue: venue301 })).toBe('Venue pairing');
    expect(fillTemplate('{{happy_hour}}', { product: product504, venue: venue301 })).toBe('Tue–Fri 3–5 pm');
    const blank = { ...product504, custom_fields: { pairing: '  ' } };
    expect(fillTemplate('{{pairing}}', { product: blank, venue: venue301 })).toBe('Venue pairing');
  });

  it('shows the marker in the interface’s language: k. A. for a German reader (decision 0050)', async () => {
    await loadCatalogues('de');
    i18n.activate('de');
    try {
      expect(fillTemplate('Tier: {{loyalty_tier}}', { deal: deal201 })).toBe('Tier: k. A.');
    } finally {
      i18n.activate('en');
    }
    expect(fillTemplate('Tier: {{loyalty_tier}}', { deal: deal201 })).toBe('Tier: N/A');
  });

  it('shows N/A for unknown keys and missing, null or empty values', () => {
    expect(PLACEHOLDER_NOT_FOUND).toBe('N/A');
    expect(fillTemplate('Tier: {{loyalty_tier}}', { deal: deal201 })).toBe('Tier: N/A');
    expect(fillTemplate('{{information}}', { venue: venue301, deal: deal201 })).toBe('N/A');
    expect(fillTemplate('{{frequency}}', { product: { ...product504, frequency: null } })).toBe('N/A');
    expect(fillTemplate('{{frequency}}', { product: { ...product504, frequency: '' } })).toBe('N/A');
    expect(fillTemplate('{{name}} {{address}}', {})).toBe('N/A N/A');
    expect(fillTemplate('{{pairing}}', { product: { ...product504, custom_fields: null } })).toBe('N/A');
    expect(fillTemplate('{{}} {{two words}}', { product: product504 })).toBe('N/A N/A');
  });

  it('never reads inherited properties as custom fields', () => {
    const source = { product: product504, venue: venue301 };
    expect(fillTemplate('{{constructor}}|{{toString}}|{{__proto__}}|{{hasOwnProperty}}', source)).toBe(
      'N/A|N/A|N/A|N/A',
    );
  });

  it('leaves text without placeholders, and single braces, as they are', () => {
    expect(fillTemplate('No placeholders {here} or { {name} }', { product: product504 })).toBe(
      'No placeholders {here} or { {name} }',
    );
    expect(fillTemplate('', { product: product504 })).toBe('');
  });

  it('does not fill placeholders inside inserted values', () => {
    const sneaky = { ...product504, short_information: '{{name}}' };
    expect(fillTemplate('{{shortInformation}}', { product: sneaky })).toBe('{{name}}');
  });

  describe('with { html: true }', () => {
    it('escapes every inserted value but leaves the template markup alone', () => {
      expect(
        fillTemplate(
          '<h3>{{name}} at {{venueName}}</h3>',
          { product: product504, venue: venue301 },
          { html: true },
        ),
      ).toBe('<h3>Free Tasting Flight at Anchor &amp; Oar Brewing</h3>');
    });

    it('stops data from injecting markup', () => {
      const hostile: Product = {
        ...product504,
        name: '<img src=x onerror="alert(1)">',
        custom_fields: { pairing: `<script>alert('x')</script>` },
      };
      expect(fillTemplate('<p>{{name}}</p><p>{{pairing}}</p>', { product: hostile }, { html: true })).toBe(
        '<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>' +
          '<p>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</p>',
      );
      // Plain text is not escaped: it is rendered as text, never as HTML.
      expect(fillTemplate('{{name}}', { product: hostile })).toBe('<img src=x onerror="alert(1)">');
    });

    it('keeps N/A and newlines as they are unless line breaks are asked for', () => {
      expect(fillTemplate('<p>{{brewer_note}}</p>', { product: product504 }, { html: true })).toBe(
        '<p>N/A</p>',
      );
      expect(fillTemplate('{{restrictions}}', { product: product504 }, { html: true })).toBe(
        'One flight per pass.\nNot valid during private events.',
      );
      expect(
        fillTemplate('<p>{{information}}</p>', { product: product504 }, { html: true, lineBreaks: true }),
      ).toBe(
        '<p>One flight of four 5-oz pours.<br>Choose from the current tap list.<br><br>21+ with valid ID.</p>',
      );
    });
  });
});

describe('resolvePlaceholder', () => {
  it('gives the text for a key, or null', () => {
    expect(resolvePlaceholder('frequency', { product: product504 })).toBe('Once per pass');
    expect(resolvePlaceholder('brewer_note', { product: product504 })).toBeNull();
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
