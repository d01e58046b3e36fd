import type { Faq } from '@trailpass/contract';

/** The Brew Trail's FAQs (demo offer 101) as imported: guides, an unknown code, plain and nested, hidden. */
export function brewTrailFaqs(): Faq[] {
  return [
    {
      id: 4001,
      code: 'how-to-add-pass-to-my-phone',
      question: 'How do I add the pass to my phone?',
      answer: null,
      showOnMobilePass: true,
      icon: 'mdi-cellphone-arrow-down',
    },
    {
      id: 4002,
      code: 'how-to-enable-location-services',
      question: 'How do I turn on location services?',
      answer: null,
      showOnMobilePass: true,
      icon: 'mdi-crosshairs-gps',
    },
    {
      id: 4003,
      code: 'how-to-pair-my-smartwatch',
      question: 'How do I pair my smartwatch?',
      answer: '<p>This guide does not exist in the app, so the entry is dropped.</p>',
      showOnMobilePass: true,
      icon: 'mdi-watch',
    },
    {
      id: 4004,
      code: null,
      question: 'How do check-ins work?',
      answer:
        '<p>Open a stop, tap <strong>Check In</strong> while you are at the venue.</p><ol><li>Allow location access.</li><li>Tap <em>Check In</em>.</li></ol><img src="x" onerror="alert(1)">',
      showOnMobilePass: true,
      icon: 'mdi-map-marker-check',
    },
    {
      id: 4005,
      code: null,
      question: 'What if a brewery is closed when I visit?',
      answer:
        '<p>Opening hours are on every venue page. A few related questions:</p><dl><dt>Can I check in from the parking lot?</dt><dd>Yes, anywhere within about 500 feet of the door.</dd><dt>Do my points expire?</dt><dd>Points are valid until the date shown on <a href="/pass/rewards">My Rewards</a>.</dd></dl>',
      showOnMobilePass: true,
      icon: 'mdi-store-clock',
    },
    {
      id: 4006,
      code: null,
      question: '  ',
      answer: '<p>Draft answer without a question: hidden.</p>',
      showOnMobilePass: true,
      icon: null,
    },
    {
      id: 4007,
      code: null,
      question: 'Internal: how are partner invoices calculated?',
      answer: '<p>Staff-only entry.</p>',
      showOnMobilePass: false,
      icon: null,
    },
  ];
}
