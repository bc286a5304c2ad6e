import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  changePassword,
  getMyInfo,
  login,
  loginByCode,
  logout,
  register,
  resetPassword,
  saveInformation,
  sendCode,
  updateAccount,
  userDetail,
} from '@portal/contracts/accounts';
import { registerCall, type CallContext } from '../../http/register-call';
import { permissionLists } from '../../http/shell-viewer';
import type { AccountsModule } from './accounts.module';
import type { SignedIn, SignInMeta } from './accounts.service';
import { clearSessionCookie, setSessionCookie } from './auth.plugin';
import { avatarRoutes } from './avatar.routes';
import { outboxRoutes } from '../../platform/mail/outbox.routes';
import type { StorageDriver } from '../../lib/storage';

function metaOf(request: FastifyRequest): SignInMeta {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? ''), siteId: request.portal.site.tws_id };
}

export async function accountsRoutes(app: FastifyInstance, deps: AccountsModule & { storage: StorageDriver }) {
  const { accounts, codes, cookie } = deps;

  /** Signing in again from a browser that still had a session ends that one; the new token goes in the cookie. */
  async function signIn(ctx: CallContext, work: (meta: SignInMeta) => Promise<SignedIn>) {
    const previous = await ctx.viewer();
    const signedIn = await work(metaOf(ctx.request));
    if (previous) await accounts.logout(previous);
    setSessionCookie(ctx.reply, signedIn.token, cookie);
    return signedIn.user;
  }
  const signOut = (reply: FastifyReply) => clearSessionCookie(reply, cookie);

  registerCall(app, sendCode, async (body, { site }) => codes.send(body, body.purpose, site.lang));
  registerCall(app, register, async (body, ctx) => signIn(ctx, (meta) => accounts.register(body, meta)));
  registerCall(app, login, async (body, ctx) => signIn(ctx, (meta) => accounts.login(body, meta)));
  registerCall(app, loginByCode, async (body, ctx) => signIn(ctx, (meta) => accounts.loginByCode(body, meta)));
  registerCall(app, resetPassword, async (body) => accounts.resetPassword(body));
  registerCall(app, logout, async (_body, { user, reply }) => {
    await accounts.logout(await user());
    signOut(reply);
    return null;
  });
  registerCall(app, getMyInfo, async (_body, { user, site }) => {
    const member = await user();
    // The shell's permission switch (spec 6) and back-office link read the site's permissions.
    return { ...(await accounts.currentUser(member.id, site.tws_id)), ...permissionLists(member) };
  });
  registerCall(app, saveInformation, async (body, { user, site }) =>
    accounts.saveInformation(await user(), site, body),
  );
  registerCall(app, updateAccount, async (body, { user, site }) => accounts.updateAccount(await user(), site, body));
  registerCall(app, changePassword, async (body, { user }) => accounts.changePassword(await user(), body));
  registerCall(app, userDetail, async (body, { viewer, site }) => accounts.profileCard(body.id, site, await viewer()));

  await app.register(avatarRoutes, { accounts, storage: deps.storage });
  if (deps.outbox) await app.register(outboxRoutes, { outbox: deps.outbox });
}
