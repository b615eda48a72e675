import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/node';
import { renderApp } from '../../../test/render-app';

async function fillLogin(
  user: ReturnType<typeof renderApp>['user'],
  email: string,
  password: string,
) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login', () => {
  it('shows the sign-in form with its links', async () => {
    renderApp('/auth/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/auth/forget-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/auth/register',
    );
  });

  it('stores token and userData (local + session) and lands on home', async () => {
    const { user } = renderApp('/auth/login');
    await fillLogin(user, 'alice@example.com', 'helpdesk-demo');
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Alice Example' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/home');
    expect(localStorage.getItem('token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const stored = JSON.parse(localStorage.getItem('userData') ?? '{}') as { email?: string };
    expect(stored.email).toBe('alice@example.com');
    expect(sessionStorage.getItem('userData')).toBe(localStorage.getItem('userData'));
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('sends str_username / str_password and then reads user/me', async () => {
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) => {
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
    });
    let body: unknown;
    server.use(
      http.post('*/api/login', async ({ request }) => {
        body = await request.clone().json();
        return undefined;
      }),
    );
    const { user } = renderApp('/auth/login');
    await fillLogin(user, 'bob@example.com', 'helpdesk-demo');
    await screen.findByRole('heading', { name: 'Welcome, Bob Example' });
    expect(body).toEqual({ str_username: 'bob@example.com', str_password: 'helpdesk-demo' });
    // Then the home page loads its sections (GET home/), and the signed-in frame opens the live
    // event stream; nothing else.
    // The login page reads the single sign-on providers for its buttons as it opens, and asks
    // whether the address's domain must sign in through one before sending the password.
    expect(calls.slice(0, 4)).toEqual([
      'GET /api/sso/providers',
      'POST /api/sso/lookup',
      'POST /api/login',
      'GET /api/user/me',
    ]);
    const after = calls.slice(4);
    expect(after).toContain('GET /api/home/');
    expect(after.filter((c) => c !== 'GET /api/home/' && c !== 'GET /api/events')).toEqual([]);
    server.events.removeAllListeners();
  });

  it('shows the failure as a toast and stays on the login page', async () => {
    const { user, store } = renderApp('/auth/login');
    await fillLogin(user, 'alice@example.com', 'wrong-password');
    expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth.error).toBeNull();
    expect(store.getState().auth.loading).toBe(false);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it("uses 'Invalid credentials' for a 401 without a message, and server messages as given", async () => {
    server.use(
      http.post('*/api/login', () => HttpResponse.json({ statusCode: 401 }, { status: 401 })),
    );
    const { user } = renderApp('/auth/login');
    await fillLogin(user, 'alice@example.com', 'x');
    expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();

    server.use(
      http.post('*/api/login', () =>
        HttpResponse.json(
          {
            statusCode: 429,
            error: 'Too Many Requests',
            message: 'Too many failed login attempts. Try again later.',
          },
          { status: 429, headers: { 'Retry-After': '60' } },
        ),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(
      await screen.findByText('Too many failed login attempts. Try again later.'),
    ).toBeInTheDocument();
  });

  it('validates the fields beside them', async () => {
    const { user } = renderApp('/auth/login');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveClass('is-invalid');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter your email.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Please enter your password.',
    );
  });

  it('disables the button and shows a spinner while signing in', async () => {
    let release: () => void = () => undefined;
    server.use(
      http.post('*/api/login', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return undefined;
      }),
    );
    const { user } = renderApp('/auth/login');
    await fillLogin(user, 'alice@example.com', 'helpdesk-demo');
    const button = await screen.findByRole('button', { name: 'Log in' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button.querySelector('.spinner-border')).not.toBeNull();
    release();
    await screen.findByRole('heading', { name: 'Welcome, Alice Example' });
  });

  it('switches the login screen to Spanish and remembers it', async () => {
    const { user } = renderApp('/auth/login');
    await user.selectOptions(await screen.findByLabelText('Language'), 'Español');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('i18nextLng')).toBe('es');
  });

  it('sends its language, so a wrong password is refused in Spanish on the Spanish screen', async () => {
    const sent: Array<string | null> = [];
    server.use(
      http.post('*/api/login', ({ request }) => {
        const language = request.headers.get('accept-language');
        sent.push(language);
        // As the server does: its message in the caller's Accept-Language.
        const message = language?.startsWith('es')
          ? 'Credenciales no válidas'
          : 'Invalid credentials';
        return HttpResponse.json(
          { statusCode: 401, error: 'Unauthorized', message },
          { status: 401 },
        );
      }),
    );
    const { user } = renderApp('/auth/login');
    await user.selectOptions(await screen.findByLabelText('Language'), 'Español');
    await user.type(await screen.findByLabelText('Correo electrónico'), 'alice@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Credenciales no válidas')).toBeInTheDocument();
    expect(sent).toEqual(['es']);
  });

  it("applies the signed-in user's language after login", async () => {
    const { findUserByEmail } = await import('../../../mocks/db');
    const bob = findUserByEmail('bob@example.com');
    if (bob) bob.language = 'es';
    const { user } = renderApp('/auth/login');
    await fillLogin(user, 'bob@example.com', 'helpdesk-demo');
    expect(
      await screen.findByRole('heading', { name: 'Bienvenido, Bob Example' }),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
  });
});
