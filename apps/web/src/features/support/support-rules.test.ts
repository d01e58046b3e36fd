import { describe, expect, it } from 'vitest';
import { makeData, makeDeal, makeOffer, makePartner, makeSignedOut, makeUser } from '../../test/fixtures';
import { USER_AGENTS } from '../../test/user-agents';
import { commonQuestions, guidePlatform } from './faqs';
import { ADD_PASS_GUIDE_CODE, BUILT_IN_GUIDES, LOCATION_GUIDE_CODE } from './guides/guides';
import { needHelpOptions, needHelpOrderId, needHelpRequest, senderOf, suggestionRequest } from './requests';
import { supportChatContext } from './support-chat';
import { brewTrailFaqs } from './test-helpers';

const agent = (userAgent: string, maxTouchPoints = 0) => ({ userAgent, maxTouchPoints });

describe('built-in guides (spec 2.16)', () => {
  it('has the two guides with 4 and 6 steps a platform, each with label, header and picture', () => {
    const byCode = new Map(BUILT_IN_GUIDES.map((guide) => [guide.code, guide]));
    const addPass = byCode.get(ADD_PASS_GUIDE_CODE);
    const location = byCode.get(LOCATION_GUIDE_CODE);
    expect([addPass?.ios.length, addPass?.android.length]).toEqual([4, 4]);
    expect([location?.ios.length, location?.android.length]).toEqual([6, 6]);
    expect(addPass?.ios.map((step) => step.header)).toEqual([
      'Open the Share menu',
      'Tap Add to Home Screen',
      'Name it and tap Add',
      'Your pass is on your Home Screen',
    ]);
    expect(addPass?.android.map((step) => step.header)).toEqual([
      'Open the Chrome menu',
      'Tap Install App',
      'Name it and tap Add',
      'Arrange the icon',
    ]);
    expect(location?.ios.map((step) => step.header)).toEqual([
      'Open Settings',
      'Tap Privacy & Security',
      'Tap Location Services',
      'Turn Location Services on',
      'Tap Safari Websites',
      'Choose While Using the App',
    ]);
    expect(location?.android.map((step) => step.header)).toEqual([
      'Open Chrome',
      'Open the menu',
      'Tap Settings',
      'Tap Site settings',
      'Tap Location',
      'Turn it On',
    ]);
    for (const guide of BUILT_IN_GUIDES) {
      expect(guide.category).toBe('mobile');
      for (const steps of [guide.ios, guide.android]) {
        steps.forEach((step, index) => {
          expect(step.label).toBe(`Step ${index + 1}`);
          // A bundled file of ours, never another site's.
          expect(step.image).toMatch(/\.svg(\?.*)?$/);
          expect(step.image).not.toMatch(/^(https?:)?\/\//);
        });
      }
    }
  });

  it('tells iOS, iPadOS (a Mac with touch) and Android from a desktop', () => {
    expect(guidePlatform(agent(USER_AGENTS.iphone))).toBe('ios');
    expect(guidePlatform(agent(USER_AGENTS.ipadDesktopMode, 5))).toBe('ios');
    expect(guidePlatform(agent(USER_AGENTS.ipadDesktopMode, 0))).toBe('desktop');
    expect(guidePlatform(agent(USER_AGENTS.android))).toBe('android');
    expect(guidePlatform(agent(USER_AGENTS.desktop))).toBe('desktop');
  });
});

describe('commonQuestions (spec 2.16)', () => {
  it('keeps FAQs with a question and showOnMobilePass, merges coded ones with their guide, drops unknown codes', () => {
    const entries = commonQuestions(brewTrailFaqs(), 'ios');
    expect(entries.map((entry) => [entry.id, entry.kind, entry.question])).toEqual([
      [4001, 'guide', 'How do I add the pass to my phone?'],
      [4002, 'guide', 'How do I turn on location services?'],
      [4004, 'answer', 'How do check-ins work?'],
      [4005, 'answer', 'What if a brewery is closed when I visit?'],
    ]);
    const [addPass] = entries;
    expect(addPass?.kind === 'guide' && addPass.steps).toBe(BUILT_IN_GUIDES[0]?.ios);
  });

  it("shows Android's steps on Android and no guide at all on a desktop", () => {
    const android = commonQuestions(brewTrailFaqs(), 'android');
    const guide = android[1];
    expect(guide?.kind === 'guide' && guide.steps).toBe(BUILT_IN_GUIDES[1]?.android);
    expect(commonQuestions(brewTrailFaqs(), 'desktop').map((entry) => entry.id)).toEqual([4004, 4005]);
  });

  it("takes the FAQ's own question and icon for a guide (Lakeshore Rewards' wording)", () => {
    const [entry] = commonQuestions(
      [
        {
          id: 4012,
          code: 'how-to-add-pass-to-my-phone',
          question: 'Add Lakeshore Rewards to my phone',
          answer: null,
          showOnMobilePass: true,
          icon: null,
        },
      ],
      'android',
    );
    expect(entry).toMatchObject({
      kind: 'guide',
      question: 'Add Lakeshore Rewards to my phone',
      icon: 'mdi-cellphone-arrow-down',
    });
  });
});

describe('Need Help request (spec 2.16, 5, 7)', () => {
  const deals = [
    makeDeal({
      id: 201,
      name: 'Brew Trail Passport',
      order_deals: [
        { id: 1, order_id: 7001 },
        { id: 2, order_id: 7004 },
      ],
    }),
    makeDeal({ id: 202, name: 'Harbor Hops Summer Challenge', order_deals: [] }),
    makeDeal({ id: 203, name: 'Lakeshore Coffee Crawl', order_deals: [{ id: 3, order_id: 7010 }] }),
  ];

  it('offers My Account, each deal by name, then Other', () => {
    expect(needHelpOptions(deals).map((option) => option.label)).toEqual([
      'My Account',
      'Brew Trail Passport',
      'Harbor Hops Summer Challenge',
      'Lakeshore Coffee Crawl',
      'Other',
    ]);
  });

  it("sends the chosen deal's last order, else the last deal's, else none", () => {
    expect(needHelpOrderId(deals, 201)).toBe(7004);
    // The chosen deal has no order: none (it is the deal asked about).
    expect(needHelpOrderId(deals, 202)).toBeNull();
    // My Account and Other match no deal: the last deal's last order.
    expect(needHelpOrderId(deals, null)).toBe(7010);
    expect(needHelpOrderId(deals, 999)).toBe(7010);
    expect(needHelpOrderId([], null)).toBeNull();
  });

  it('builds the body with the session ids and the trimmed request', () => {
    const data = makeData({ deals, partner: makePartner({ name: 'Visit Lakeshore' }) });
    const sender = senderOf(data);
    if (!sender) throw new Error('a holder sends');
    const other = needHelpOptions(deals).at(-1);
    if (!other) throw new Error('Other is offered');
    expect(needHelpRequest(sender, deals, other, '  Where is my glass?  ')).toEqual({
      question: 'Where is my glass?',
      itemSelected: 'Other',
      partnerName: 'Visit Lakeshore',
      partnerId: 1,
      partnerUserId: 1001,
      orderId: 7010,
    });
    expect(senderOf(makeSignedOut())).toBeNull();
  });

  it('builds a suggestion with contact permission 1 or 0', () => {
    const sender = senderOf(makeData());
    if (!sender) throw new Error('a holder sends');
    expect(
      suggestionRequest(sender, {
        suggestion: ' Dark mode ',
        priority: 'Critical',
        contactPermission: false,
      }),
    ).toEqual({
      suggestion: 'Dark mode',
      priority: 'Critical',
      contactPermission: 0,
      partnerName: 'Visit Lakeshore',
      offerId: 101,
      partnerId: 1,
      partnerUserId: 1001,
    });
  });
});

describe('support chat context (spec 2.16, 6, 7)', () => {
  it('describes the holder as a Passholder with the partner, deals and standalone products, and no token', () => {
    window.history.replaceState(null, '', '/pass/support/questions?t=secret-token');
    const data = makeData({
      offer: makeOffer({ partner_id: 1 }),
      products: [
        { id: 519, deal_id: 0, name: 'Trail Map' },
        { id: 504, deal_id: 201, name: 'Flight of Four' },
      ] as never,
    });
    const context = supportChatContext(data, 'https://pass.example');
    expect(context).toEqual({
      user: { id: 1001, name: 'Ava Lindqvist', email: 'ava@example.com', role: 'Passholder' },
      partner: { id: 1, name: 'Visit Lakeshore' },
      offerId: 101,
      deals: [{ id: 201, name: 'Brew Trail Passport' }],
      products: [{ id: 519, name: 'Trail Map' }],
      orderLink: 'https://pass.example/pass/orderhistory',
    });
    expect(JSON.stringify(context)).not.toContain('secret-token');
    expect(supportChatContext(makeSignedOut())).toBeNull();
    expect(supportChatContext(makeData({ partner_user: makeUser({ id: 7 }) }))?.user.id).toBe(7);
  });
});
