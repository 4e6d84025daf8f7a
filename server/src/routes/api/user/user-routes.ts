import { fail, ok } from '../../../http/envelope.ts';
import { requestLang } from '../../../http/lang.ts';
import { t } from '../../../i18n/index.ts';
import type { ApiPlugin } from '../context.ts';
import { intField, trimmedField } from '../fields.ts';

const MAX_NOTICE_LIMIT = 50;

/** POST /api/User/getUserInfo and /api/User/getNoticeList (spec §7); both need Token. */
export const userRoutes: ApiPlugin = async (fastify, { ctx }) => {
  /**
   * data = {username, id, vip, credit_score, rzstatus, have_pay (1 when a pay password is set),
   * has_unread (1 when any visible notice is unread), invit (the account's own invite code)}.
   */
  fastify.post('/User/getUserInfo', async (request) => {
    const { user } = ctx.auth.require(request);
    return ok({
      username: user.username,
      id: user.id,
      vip: user.vip,
      credit_score: user.credit_score,
      rzstatus: user.rzstatus,
      have_pay: user.pay_password_hash ? 1 : 0,
      has_unread: ctx.notices.hasUnread(user.id) ? 1 : 0,
      invit: user.invite_code,
    });
  });

  /**
   * page (default 1), limit (default 10, at most 50), optional id. data = {list: Notice[], total},
   * newest first, status 1 unread / 2 read for this user. Without id: one page, read state untouched
   * (the shell's page 1 limit 1 poll and the list's limit 10). With id: that one notice, which is
   * thereby marked read and answered with status 2; total 1.
   */
  fastify.post('/User/getNoticeList', async (request) => {
    const { user } = ctx.auth.require(request);
    const lang = requestLang(request);
    const page = intField(request, 'page', 1);
    const limit = intField(request, 'limit', 10);
    if (page === null || limit === null || page < 1 || limit < 1 || limit > MAX_NOTICE_LIMIT) throw fail(t(lang, 'notice.pageInvalid'));
    const idRaw = trimmedField(request, 'id');
    if (idRaw === '') return ok(ctx.notices.page(user.id, page, limit));
    const id = /^\d{1,12}$/.test(idRaw) ? Number(idRaw) : 0;
    const notice = id > 0 ? ctx.notices.find(user.id, id) : null;
    if (!notice) throw fail(t(lang, 'notice.notFound'));
    ctx.notices.markRead(user.id, id, ctx.now());
    return ok({ list: [{ ...notice, status: 2 }], total: 1 });
  });
};
