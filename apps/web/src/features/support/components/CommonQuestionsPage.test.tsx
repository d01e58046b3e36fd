import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataResponse } from '@trailpass/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { makeData, makeDeal, makeOffer, makeSignedOut } from '../../../test/fixtures';
import { preloadLazyModules } from '../../../test/preload';
import { renderPage } from '../../../test/render';
import { USER_AGENTS } from '../../../test/user-agents';
import { setSupportChatWidget } from '../support-chat';
import { brewTrailFaqs } from '../test-helpers';
import CommonQuestionsPage, { NO_QUESTIONS_TEXT } from './CommonQuestionsPage';

const NEED_HELP = 'POST /partnerUser/1001/needHelp';
const SENT = 'Your request has been sent. We will get back to you soon.';

function useAgent(agent: string) {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(agent);
}

const brewTrail = (overrides: Partial<DataResponse> = {}) =>
  makeData({
    offer: makeOffer({ faqs: brewTrailFaqs() }),
    deals: [
      makeDeal({ id: 201, name: 'Brew Trail Passport', order_deals: [{ id: 9001, order_id: 7001 }] }),
      makeDeal({ id: 203, name: 'Lakeshore Coffee Crawl', order_deals: [{ id: 9003, order_id: 7003 }] }),
    ],
    ...overrides,
  });

const renderQuestions = (data: DataResponse) =>
  renderPage(<CommonQuestionsPage />, { data, url: '/pass/support/questions?t=tok' });

afterEach(() => setSupportChatWidget(null));

preloadLazyModules(() => import('./NeedHelpDialog'));

describe('CommonQuestions (spec 2.16)', () => {
  it('on an iPhone lists the guides and plain questions as headings that expand', async () => {
    useAgent(USER_AGENTS.iphone);
    mockApi({});
    const user = userEvent.setup();
    renderQuestions(brewTrail());
    expect(screen.getByRole('heading', { level: 1, name: 'Common Questions' })).toBeInTheDocument();
    const questions = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(questions).toEqual([
      'How do I add the pass to my phone?',
      'How do I turn on location services?',
      'How do check-ins work?',
      'What if a brewery is closed when I visit?',
      'Still Have Questions?',
    ]);
    expect(screen.queryByText('How do I pair my smartwatch?')).not.toBeInTheDocument();
    expect(screen.queryByText(/partner invoices/)).not.toBeInTheDocument();

    const addPass = screen.getByRole('button', { name: 'How do I add the pass to my phone?' });
    expect(addPass).toHaveAttribute('aria-expanded', 'false');
    await user.click(addPass);
    expect(addPass).toHaveAttribute('aria-expanded', 'true');
    const steps = screen.getByRole('region', { name: 'How do I add the pass to my phone?' });
    expect(within(steps).getByText('On iPhone and iPad:')).toBeInTheDocument();
    const items = within(steps).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0] as HTMLElement).getByText('Step 1')).toBeInTheDocument();
    expect(
      within(steps)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Open the Share menu',
      'Tap Add to Home Screen',
      'Name it and tap Add',
      'Your pass is on your Home Screen',
    ]);
    expect(items[0]?.querySelector('img')?.getAttribute('src')).toMatch(/share-button\.svg/);

    await user.click(screen.getByRole('button', { name: 'How do I turn on location services?' }));
    const location = screen.getByRole('region', { name: 'How do I turn on location services?' });
    expect(within(location).getAllByRole('listitem')).toHaveLength(6);
  });

  it("shows Android's steps on Android", async () => {
    useAgent(USER_AGENTS.android);
    mockApi({});
    const user = userEvent.setup();
    renderQuestions(brewTrail());
    await user.click(screen.getByRole('button', { name: 'How do I add the pass to my phone?' }));
    const steps = screen.getByRole('region', { name: 'How do I add the pass to my phone?' });
    expect(within(steps).getByText('On Android:')).toBeInTheDocument();
    expect(within(steps).getByRole('heading', { name: 'Tap Install App' })).toBeInTheDocument();
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);
  });

  it('on a desktop shows no guides; plain and nested answers are sanitised HTML', async () => {
    useAgent(USER_AGENTS.desktop);
    mockApi({});
    const user = userEvent.setup();
    renderQuestions(brewTrail());
    expect(screen.queryByRole('button', { name: /add the pass to my phone/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /location services/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'How do check-ins work?' }));
    const checkIns = screen.getByRole('region', { name: 'How do check-ins work?' });
    expect(
      within(checkIns)
        .getAllByText('Check In')
        .map((node) => node.tagName),
    ).toEqual(['STRONG', 'EM']);
    expect(within(checkIns).getAllByRole('listitem')).toHaveLength(2);
    expect(checkIns.querySelector('[onerror]')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'What if a brewery is closed when I visit?' }));
    const closed = screen.getByRole('region', { name: 'What if a brewery is closed when I visit?' });
    const terms = within(closed)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Can I check in from the parking lot?', 'Do my points expire?']);
    expect(within(closed).getAllByRole('definition')[0]).toHaveTextContent(
      'Yes, anywhere within about 500 feet',
    );
    expect(within(closed).getByRole('link', { name: 'My Rewards' })).toHaveAttribute('href', '/pass/rewards');
  });

  it('signed out: the questions without the chat prompt', () => {
    useAgent(USER_AGENTS.iphone);
    mockApi({});
    renderQuestions(makeSignedOut({ offer: makeOffer({ faqs: brewTrailFaqs() }) }));
    expect(screen.getByRole('button', { name: 'How do check-ins work?' })).toBeInTheDocument();
    expect(screen.queryByText('Still Have Questions?')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Chat with us now' })).not.toBeInTheDocument();
  });

  it('says so when the offer has no questions to show', () => {
    useAgent(USER_AGENTS.desktop);
    mockApi({});
    renderQuestions(makeData({ offer: makeOffer({ faqs: [] }) }));
    expect(screen.getByText(NO_QUESTIONS_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chat with us now' })).toBeInTheDocument();
  });
});

describe('Chat with us now and the Need Help form (spec 2.16, 4, 5, 7)', () => {
  it('opens Need Help without a chat widget; both fields are required; submitting sends, confirms, closes and resets', async () => {
    useAgent(USER_AGENTS.iphone);
    let answer!: () => void;
    const { calls } = mockApi({
      [NEED_HELP]: () =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 200, body: { id: 55, message: SENT } });
        }),
    });
    const user = userEvent.setup();
    renderQuestions(brewTrail());
    const chat = screen.getByRole('button', { name: 'Chat with us now' });
    await user.click(chat);

    const dialog = await screen.findByRole('dialog', { name: 'Need Help?' });
    const select = within(dialog).getByRole('combobox', { name: 'Select option' });
    const request = within(dialog).getByRole('textbox', { name: 'Enter your request here' });
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(select).toHaveFocus();
    expect(request).toBeRequired();
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Choose an option and enter your request to send it.');

    await user.click(select);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'My Account',
      'Brew Trail Passport',
      'Lakeshore Coffee Crawl',
      'Other',
    ]);
    await user.click(screen.getByRole('option', { name: 'Brew Trail Passport' }));
    // An option alone is not enough.
    expect(submit).toBeDisabled();
    await user.type(request, '   ');
    expect(submit).toBeDisabled();
    await user.clear(request);
    await user.type(request, 'My growler code does not work.');
    expect(submit).toBeEnabled();

    await user.click(submit);
    // Loading while it is sent.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Submit/ })).toBeDisabled());
    expect(calls.at(-1)?.body).toEqual({
      question: 'My growler code does not work.',
      itemSelected: 'Brew Trail Passport',
      partnerName: 'Visit Lakeshore',
      partnerId: 1,
      partnerUserId: 1001,
      orderId: 7001,
    });
    answer();

    const confirmation = await screen.findByRole('dialog', { name: 'Request Sent' });
    expect(confirmation).toHaveAccessibleDescription(SENT);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Need Help?' })).not.toBeInTheDocument());
    await user.click(within(confirmation).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(chat).toHaveFocus();

    // Opened again: every field is empty.
    await user.click(chat);
    const again = await screen.findByRole('dialog', { name: 'Need Help?' });
    expect(within(again).getByRole('textbox', { name: 'Enter your request here' })).toHaveValue('');
    expect(within(again).getByRole('combobox', { name: 'Select option' })).toHaveTextContent(/^\u200b?$/);
    expect(within(again).getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it("sends the last deal's last order for Other, and keeps the text when sending fails", async () => {
    useAgent(USER_AGENTS.iphone);
    let fail = true;
    const { calls } = mockApi({
      [NEED_HELP]: () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Down' } } }
          : { status: 200, body: { id: 56, message: SENT } },
    });
    const user = userEvent.setup();
    renderQuestions(brewTrail());
    await user.click(screen.getByRole('button', { name: 'Chat with us now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Need Help?' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Select option' }));
    await user.click(screen.getByRole('option', { name: 'Other' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Enter your request here' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(/could not be sent/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Enter your request here' })).toHaveValue('Hello');
    expect(calls.at(-1)?.body).toMatchObject({ itemSelected: 'Other', orderId: 7003 });

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('dialog', { name: 'Request Sent' })).toBeInTheDocument();
  });

  it('closes with Escape or Close and gives the focus back', async () => {
    useAgent(USER_AGENTS.iphone);
    mockApi({});
    const user = userEvent.setup();
    renderQuestions(brewTrail());
    const chat = screen.getByRole('button', { name: 'Chat with us now' });
    await user.click(chat);
    await screen.findByRole('dialog', { name: 'Need Help?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(chat).toHaveFocus();
    await user.click(chat);
    const dialog = await screen.findByRole('dialog', { name: 'Need Help?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(chat).toHaveFocus();
  });

  it('starts and opens a plugged-in chat widget instead, with the holder’s details', async () => {
    useAgent(USER_AGENTS.iphone);
    mockApi({});
    const widget = { start: vi.fn(), open: vi.fn() };
    setSupportChatWidget(widget);
    const user = userEvent.setup();
    renderQuestions(brewTrail());
    expect(widget.start).toHaveBeenCalledTimes(1);
    expect(widget.start.mock.calls[0]?.[0]).toMatchObject({
      user: { id: 1001, role: 'Passholder' },
      partner: { id: 1, name: 'Visit Lakeshore' },
    });
    await user.click(screen.getByRole('button', { name: 'Chat with us now' }));
    expect(widget.open).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
