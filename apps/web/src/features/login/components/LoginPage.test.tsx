import { screen, waitFor } from '@testing-library/react';
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
});
