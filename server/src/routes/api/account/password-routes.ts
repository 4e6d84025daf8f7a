import Type from 'typebox';
import { hashSecret, verifySecret } from '../../../domain/passwords.ts';
import { reject } from '../../../domain/rejection.ts';
import { messages, newPassword, secret } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes, type ApiPlugin } from '../context.ts';
import { SECOND_STEP_NOTE, secondStep, secondStepFields } from '../security/second-step.ts';

/** POST /api/User/resetpwd and /api/User/resetPay (docs/product-rules.md#passwords); both need Token. */
export const passwordRoutes: ApiPlugin = async (fastify) => {
  const ctx = fastify.apiContext;
  const route = declareRoutes(fastify, ctx);

  route({
    method: 'POST',
    url: '/User/resetpwd',
    summary: 'Changes the login password',
    description:
      "On success every session of the user, the caller's included, is revoked: the client logs in again (docs/product-rules.md#log-in-and-sessions). " +
      'Withdrawals and internal transfers are then held for SECURITY_HOLD_HOURS (Security/getSecurityHold).' +
      SECOND_STEP_NOTE +
      ' The approval binds the operation alone: passwords are never kept in it.',
    auth: 'required',
    fields: {
      oldpassword: secret(messages('password.oldRequired')),
      newpassword: newPassword(messages('validate.passwordRule')),
      ...secondStepFields,
    },
    answer: Type.Null(),
    handler: async ({ fields, user, request, t }) => {
      if (!(await verifySecret(fields.oldpassword, { hash: user.password_hash, salt: user.password_salt })))
        reject('password.oldWrong');
      const approval = await secondStep(ctx, user, 'login_password', {}, fields, request);
      const hashed = await hashSecret(fields.newpassword);
      ctx.db.transaction(() => {
        approval.markUsed();
        ctx.users.setPassword(user.id, hashed);
        ctx.sessions.revokeAllForUser(user.id, ctx.now());
        ctx.securityEvents.record({ userId: user.id, kind: 'login_password_changed' });
      })();
      return ok(null, t('password.changed'));
    },
  });

  route({
    method: 'POST',
    url: '/User/resetPay',
    summary: 'Sets or replaces the transaction password; getUserInfo then answers have_pay 1',
    description:
      'Replacing one holds withdrawals and internal transfers for SECURITY_HOLD_HOURS (Security/getSecurityHold); setting the first does not. ' +
      SECOND_STEP_NOTE.trim() +
      ' The approval binds the operation alone: passwords are never kept in it.',
    auth: 'required',
    fields: {
      logpassword: secret(messages('pay.loginRequired')),
      newpassword: newPassword(messages('validate.passwordRule')),
      ...secondStepFields,
    },
    answer: Type.Null(),
    handler: async ({ fields, user, request, t }) => {
      if (!(await verifySecret(fields.logpassword, { hash: user.password_hash, salt: user.password_salt })))
        reject('pay.loginWrong');
      const approval = await secondStep(ctx, user, 'pay_password', {}, fields, request);
      const hashed = await hashSecret(fields.newpassword);
      ctx.db.transaction(() => {
        approval.markUsed();
        ctx.users.setPayPassword(user.id, hashed);
        // A first transaction password replaces none, so it is a setting-up, not a change to guard against.
        if (user.pay_password_hash) ctx.securityEvents.record({ userId: user.id, kind: 'pay_password_changed' });
      })();
      return ok(null, t('pay.saved'));
    },
  });
};
