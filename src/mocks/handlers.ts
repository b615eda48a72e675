import { ratingHandlers } from './rating-handlers';
import { organizationHandlers } from './organization-handlers';
import { delay, HttpResponse } from 'msw';
import type { Language } from '../lib/types';
import { db, endSessions, findUserByEmail, publicUser, randomId } from './db';
import { bodyOf, fail, http, ok, sessionOf, unauthorized } from './http';
import { recordHandlers } from './record-handlers';
import { attachmentHandlers } from './attachment-handlers';
import { threadHandlers } from './thread-handlers';
import { liveHandlers } from './live-handlers';
import { mailHandlers } from './mail-handlers';
import { overviewHandlers } from './overview-handlers';
import { taxonomyHandlers } from './taxonomy-handlers';
import { tagHandlers } from './tag-handlers';
import { slaHandlers } from './sla-handlers';
import { BULK_CALL, bulkViewsHandlers } from './bulk-views-handlers';
import { detailsHandlers } from './details-handlers';
import { mergeHandlers } from './merge-handlers';
import { customFieldHandlers } from './custom-field-handlers';
import { webhookHandlers } from './webhook-handlers';
import { suggestionHandlers } from './suggestion-handlers';
import { ruleHandlers } from './rule-handlers';
import { automationHandlers } from './automation-handlers';
import { adminHandlers, deactivatedMessage } from './admin-handlers';
import { afterPassword, twoStepHandlers } from './two-step-handlers';
import { apiTokenHandlers } from './api-token-handlers';
import { assignmentHandlers } from './assignment-handlers';
import { auditHandlers } from './audit-handlers';
import { articleReviewHandlers } from './article-review-handlers';
import { translationHandlers } from './translation-handlers';
import { mockPasswordRefused, ssoHandlers } from './sso-handlers';
import { passkeyHandlers } from './passkey-handlers';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Handlers for every operation of docs/openapi.json; `delayMs` is 1000 in dev:mock, 0 in tests. */
export function createHandlers({ delayMs = 0 }: { delayMs?: number } = {}) {
  // dev:mock's delay: this first handler waits, then answers nothing, so the next one answers
  // (a bulk action's own calls at once: the action as a whole waited already).
  const slow =
    delayMs > 0
      ? [
          http.untyped.all('*/api/*', async ({ request }) => {
            if (!request.headers.has(BULK_CALL)) await delay(delayMs);
          }),
        ]
      : [];

  return [
    ...slow,
    // No inbound SMTP listener behind the mocks: off, as in a process that runs none.
    http.get('/api/health', () =>
      ok({ status: 'ok', api: 'up', database: 'up', mailListener: 'off' }),
    ),

    http.post('/api/login', async ({ request }) => {
      const body = await bodyOf(request);
      const user = findUserByEmail(text(body.str_username));
      if (!user || user.password !== text(body.str_password)) {
        return fail(401, 'Unauthorized', 'Invalid credentials');
      }
      if (!user.confirmed) {
        return fail(403, 'Forbidden', 'Please confirm your email address before logging in.');
      }
      const deactivated = deactivatedMessage(user.id);
      if (deactivated) return fail(403, 'Forbidden', deactivated);
      const ssoOnly = mockPasswordRefused(user);
      if (ssoOnly) return fail(403, 'Forbidden', ssoOnly);
      return ok(afterPassword(user, request));
    }),

    http.post('/api/logout', ({ request }) => {
      const session = sessionOf(request);
      if (!session) return unauthorized();
      db.revoked.add(session.jti);
      return ok({ message: 'Logged out' });
    }),

    http.get('/api/user/me', ({ request }) => {
      const session = sessionOf(request);
      return session ? ok(publicUser(session.user)) : unauthorized();
    }),

    // Each body is checked against the contract first (http.ts): these see valid input only.
    http.put('/api/user/me', async ({ request }) => {
      const session = sessionOf(request);
      if (!session) return unauthorized();
      const body = await bodyOf(request);
      const { user } = session;
      if ('fullname' in body) user.fullname = text(body.fullname).trim();
      if ('items_per_page' in body) {
        user.items_per_page = Number(body.items_per_page) as typeof user.items_per_page;
      }
      if ('language' in body) user.language = text(body.language) as Language;
      return ok(publicUser(user));
    }),

    http.post('/api/user/me/password', async ({ request }) => {
      const session = sessionOf(request);
      if (!session) return unauthorized();
      const body = await bodyOf(request);
      if (text(body.current_password) !== session.user.password) {
        return fail(400, 'Bad Request', 'Current password is incorrect.', {
          current_password: 'Current password is incorrect.',
        });
      }
      session.user.password = text(body.new_password);
      endSessions(session.user.id, session.jti);
      return ok({ message: 'Your password has been changed. Other sessions were logged out.' });
    }),

    http.post('/api/register/', async ({ request }) => {
      const body = await bodyOf(request);
      const email = text(body.email).trim().toLowerCase();
      const registered = ok({
        message: 'Registration successful. Check your email for a confirmation link.',
      });
      // A taken address answers like a new one (its owner is mailed instead): no second account.
      if (findUserByEmail(email)) return registered;
      // Past every id, invited accounts' too (admin-handlers.ts numbers those from the largest).
      const id = Math.max(db.nextId, ...db.users.map((u) => u.id + 1));
      db.nextId = id + 1;
      db.users.push({
        id,
        fullname: text(body.fullname).trim(),
        email,
        password: text(body.password),
        confirmed: false,
        user_is_hde: false,
        user_is_admin: false,
        items_per_page: 10,
        language: 'en',
      });
      db.confirmTokens.set(`confirm-${randomId()}`, id);
      return registered;
    }),

    http.post('/api/confirm/', async ({ request }) => {
      const token = text((await bodyOf(request)).token);
      const userId = db.confirmTokens.get(token);
      const user = db.users.find((candidate) => candidate.id === userId);
      if (!user) return fail(400, 'Bad Request', 'This link is invalid or has expired.');
      db.confirmTokens.delete(token);
      user.confirmed = true;
      return ok({ message: 'Your account is confirmed. You can log in now.' });
    }),

    http.post('/api/forget-password/', async ({ request }) => {
      const email = text((await bodyOf(request)).email).trim();
      // The same answer for an unknown email, as the server gives (no probing for accounts).
      const user = findUserByEmail(email);
      if (user) db.resetTokens.set(`reset-${randomId()}`, user.id);
      return ok({
        message: "We've sent you a link to reset password to your registered email.",
      });
    }),

    http.post('/api/reset-password/', async ({ request }) => {
      const body = await bodyOf(request);
      const token = text(body.token);
      const userId = db.resetTokens.get(token);
      const user = db.users.find((candidate) => candidate.id === userId);
      if (!user) return fail(400, 'Bad Request', 'This link is invalid or has expired.');
      db.resetTokens.delete(token);
      user.password = text(body.password);
      endSessions(user.id);
      return ok({ message: 'Your password has been reset. You can log in now.' });
    }),

    http.get('/api/public/pre-login', ({ request }) =>
      sessionOf(request)
        ? HttpResponse.json({ status: 'success', data: { 'redirect-url': '/home' } })
        : HttpResponse.json({ status: 'unauthorized', data: { 'redirect-url': '/auth/login' } }),
    ),
    ...recordHandlers(),
    ...detailsHandlers(),
    ...customFieldHandlers(),
    ...ruleHandlers(),
    ...automationHandlers(),
    ...attachmentHandlers(),
    ...threadHandlers(),
    ...overviewHandlers(),
    ...mailHandlers(),
    ...slaHandlers(),
    ...adminHandlers(),
    ...twoStepHandlers(),
    ...apiTokenHandlers(),
    ...ssoHandlers(),
    ...assignmentHandlers(),
    ...articleReviewHandlers(),
    ...translationHandlers(),
    ...liveHandlers(),
    ...bulkViewsHandlers(),
    ...taxonomyHandlers(),
    ...organizationHandlers(),
    ...mergeHandlers(),
    ...tagHandlers(),
    ...webhookHandlers(),
    ...auditHandlers(),
    ...suggestionHandlers(),
    ...ratingHandlers(),
    ...passkeyHandlers(),
  ];
}
