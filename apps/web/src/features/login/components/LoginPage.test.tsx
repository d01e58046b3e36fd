import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { makeData, makeSignedOut } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import LoginPage from './LoginPage';

const renderLogin = () => renderPage(<LoginPage />, { data: makeSignedOut(), url: '/pass/login?t=tok' });

describe('LoginPage (spec 2.13, 5)', () => {
  it('shows the title, the e-mail field and a disabled Access Your Pass button', () => {
    mockApi({});
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Pass Login' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Access Your Pass' })).toBeDisabled();
    expect(screen.getByRole('img', { name: 'Lakeshore Brew Trail logo' })).toHaveAttribute(
      'src',
      '/pass/media/brew-trail-horizontal.svg',
    );
  });

  it('validates: Required., Min 3 characters, then the e-mail pattern', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderLogin();
    const email = screen.getByRole('textbox', { name: 'Email' });
    const button = screen.getByRole('button', { name: 'Access Your Pass' });

    await user.type(email, 'ab');
    expect(await screen.findByText('Min 3 characters')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(button).toBeDisabled();

    await user.clear(email);
    expect(await screen.findByText('Required.')).toBeInTheDocument();
    expect(button).toBeDisabled();

    await user.type(email, 'ava@example');
    expect(await screen.findByText('Enter a valid email address, like name@example.com')).toBeInTheDocument();
    expect(button).toBeDisabled();

    await user.type(email, '.c');
    expect(button).toBeDisabled();

    await user.type(email, 'om');
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByText('Enter a valid email address, like name@example.com')).not.toBeInTheDocument();
  });

  it('shows the not-found message on 404', async () => {
    const { calls } = mockApi({
      'POST /login': () => ({
        status: 404,
        body: { error: { code: 'not_found', message: 'No such holder' } },
      }),
    });
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Access Your Pass' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this email in our logs.');
    expect(calls[0]?.body).toEqual({ email: 'nobody@example.com' });
    expect(calls[0]?.headers.get('X-Pass-Token')).toBe('tok');
  });

  it('on success refetches the data and goes to Experiences keeping t', async () => {
    let signedIn = false;
    const { calls } = mockApi({
      'POST /login': () => {
        signedIn = true;
        return { status: 200, body: { partner_user: makeData().partner_user } };
      },
      'GET /data': () => ({ status: 200, body: signedIn ? makeData() : makeSignedOut() }),
    });
    const user = userEvent.setup();
    const { router } = renderLogin();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), '  ava@example.com ');
    await user.click(screen.getByRole('button', { name: 'Access Your Pass' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/experiences'));
    expect(router.state.location.search).toBe('?t=tok');
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /pass/api/login',
      'GET /pass/api/data',
    ]);
    expect(calls[0]?.body).toEqual({ email: 'ava@example.com' });
  });

  it('on an offer that verifies sign-in by e-mail, asks for the code: a wrong one is said, the right one signs in', async () => {
    let signedIn = false;
    const { calls } = mockApi({
      'POST /login': () => ({
        status: 200,
        body: { code_sent: true, expires_at: '2026-11-27T12:10:00.000Z' },
      }),
      'POST /login/code': ({ body }) => {
        if ((body as { code: string }).code !== '246810') {
          const message = 'That code is not right. Check the e-mail and try again.';
          return {
            status: 422,
            body: { error: { code: 'unprocessable', message, fields: { code: message } } },
          };
        }
        signedIn = true;
        return { status: 200, body: { partner_user: makeData().partner_user } };
      },
      'GET /data': () => ({ status: 200, body: signedIn ? makeData() : makeSignedOut() }),
    });
    const user = userEvent.setup();
    const { router } = renderLogin();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'harper@example.com');
    await user.click(screen.getByRole('button', { name: 'Access Your Pass' }));

    const code = await screen.findByRole('textbox', { name: 'Code' });
    expect(code).toHaveFocus();
    expect(screen.getByText(/We sent a 6-digit code to/)).toHaveTextContent('harper@example.com');
    expect(screen.queryByRole('button', { name: 'Lost your pass link?' })).not.toBeInTheDocument();
    const signIn = screen.getByRole('button', { name: 'Sign In' });
    await user.type(code, '12a34');
    expect(code).toHaveValue('1234');
    expect(signIn).toBeDisabled();
    await user.type(code, '56');
    await user.click(signIn);
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(router.state.location.pathname).toBe('/login');

    await user.type(screen.getByRole('textbox', { name: 'Code' }), '246810');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/experiences'));
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /pass/api/login',
      'POST /pass/api/login/code',
      'POST /pass/api/login/code',
      'GET /pass/api/data',
    ]);
    expect(calls[2]?.body).toEqual({ code: '246810' });
  });

  it('Send a new code asks again; Use another e-mail goes back to the e-mail form', async () => {
    const { calls } = mockApi({
      'POST /login': () => ({
        status: 200,
        body: { code_sent: true, expires_at: '2026-11-27T12:10:00.000Z' },
      }),
    });
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'harper@example.com');
    await user.click(screen.getByRole('button', { name: 'Access Your Pass' }));
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We sent a new code to harper@example.com. The old one no longer works.',
    );
    expect(calls.filter((c) => c.url.pathname === '/pass/api/login')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Use another e-mail' }));
    expect(screen.getByRole('button', { name: 'Access Your Pass' })).toBeInTheDocument();
  });

  it('Lost your pass link? sends the e-mail and shows the server’s one answer', async () => {
    const message = 'If this e-mail has a pass for Lakeshore Brew Trail, its link is on its way.';
    const { calls } = mockApi({ 'POST /login/lost-link': () => ({ status: 200, body: { message } }) });
    const user = userEvent.setup();
    renderLogin();
    const toggle = screen.getByRole('button', { name: 'Lost your pass link?' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByRole('form', { name: 'Lost your pass link?' });
    const send = within(form).getByRole('button', { name: 'Email My Link' });
    expect(send).toBeDisabled();
    await user.type(within(form).getByRole('textbox', { name: 'Your e-mail' }), 'ava@example.com');
    await user.click(send);
    expect(await within(form).findByRole('status')).toHaveTextContent(message);
    expect(calls[0]?.body).toEqual({ email: 'ava@example.com' });
  });
});
