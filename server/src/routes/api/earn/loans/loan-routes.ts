import Type from 'typebox';
import { requireSwitch } from '../../../../domain/earn/switches.ts';
import { reject } from '../../../../domain/rejection.ts';
import { pageOf } from '../../../../http/contract/answers.ts';
import { choice, id, messages, optional, paging, text, withDefault } from '../../../../http/contract/fields.ts';
import { ok } from '../../../../http/envelope.ts';
import type { MessageKey } from '../../../../i18n/index.ts';
import { ownUploadUrl } from '../../../../uploads/upload-refs.ts';
import { declareRoutes } from '../../context.ts';
import { earnAmount, type EarnPlugin } from '../earn-context.ts';
import { loanOrderView, LoanOrderView, loanProjectView, LoanProjectView } from './loan-views.ts';

const listInvalid = messages('earn.listInvalid');

/** An uploaded image's URL as the upload call answered it (relative or full). */
const imageField = (required: MessageKey) =>
  text(messages(required), { max: 300, example: '/uploads/0123456789abcdef0123456789abcdef.jpg' });

/**
 * Loans (api/Loan/* of docs/product-rules.md#loans, Token required; README "How the reference server runs the earn
 * products"). With loan_switch off, products and applying are refused; records, repaying and
 * cancelling stay open.
 */
export const loanRoutes: EarnPlugin = async (fastify) => {
  const { apiContext: ctx, earn } = fastify;
  const route = declareRoutes(fastify, ctx);
  const { loans } = earn;

  route({
    method: 'POST',
    url: '/Loan/getLoanProjects',
    summary: 'The loan products on offer, or the one with `id`',
    auth: 'required',
    fields: { id: optional(id(messages('loan.projectNotFound'))) },
    answer: Type.Object({ list: Type.Array(LoanProjectView) }),
    handler: ({ fields }) => {
      requireSwitch(ctx.siteConfig.get(), 'loan_switch', 'loan.closed');
      return ok({ list: loans.projects(fields.id).map(loanProjectView) });
    },
  });

  route({
    method: 'POST',
    url: '/Loan/applyLoan',
    summary: 'Applies for a loan: the principal and three ID images go to the review queue (status 1)',
    description:
      'Checked in this order: the product, the amount (a whole number within minprice..maxprice), then the front, the back and the handheld ' +
      'image, each of which must be an upload of the caller (the url or fullurl the upload call answered). One application or unpaid loan per ' +
      'product at a time. Approval credits the principal to account type 1 and sets repayment_time.',
    auth: 'required',
    once: 'earn.duplicate',
    fields: {
      id: id(messages('loan.projectNotFound')),
      amount: earnAmount('loan.amountRequired'),
      front_card: imageField('loan.frontRequired'),
      later_card: imageField('loan.laterRequired'),
      handheld_card: imageField('loan.handheldRequired'),
    },
    answer: LoanOrderView,
    handler: ({ fields, user, lang, t }) => {
      requireSwitch(ctx.siteConfig.get(), 'loan_switch', 'loan.closed');
      const quote = loans.quote(fields.id, fields.amount);
      const own = (reference: string, missing: MessageKey): string =>
        ownUploadUrl(ctx.uploads, user.id, reference) ?? reject(missing);
      const documents = {
        frontCard: own(fields.front_card, 'loan.frontRequired'),
        laterCard: own(fields.later_card, 'loan.laterRequired'),
        handheldCard: own(fields.handheld_card, 'loan.handheldRequired'),
      };
      return ok(loanOrderView(loans.apply(user.id, quote, documents), lang), t('loan.applied'));
    },
  });

  route({
    method: 'POST',
    url: '/Loan/repay',
    summary: 'Repays an approved loan at once: its whole total_amount leaves the available balance, once',
    auth: 'required',
    once: 'earn.duplicate',
    fields: {
      order_num: text(messages('loan.orderNumRequired'), {
        max: 40,
        pattern: '^[A-Za-z0-9]+$',
        example: 'LN20250614000001',
      }),
    },
    answer: LoanOrderView,
    handler: ({ fields, user, lang, t }) =>
      ok(loanOrderView(loans.repay(user.id, fields.order_num), lang), t('loan.repaid')),
  });

  route({
    method: 'POST',
    url: '/Loan/cancelLoanApply',
    summary: 'Cancels an application still under review (status 4)',
    auth: 'required',
    once: 'earn.duplicate',
    fields: { id: id(messages('loan.orderNotFound')) },
    answer: LoanOrderView,
    handler: ({ fields, user, lang, t }) =>
      ok(loanOrderView(loans.cancel(user.id, fields.id), lang), t('loan.cancelled')),
  });

  route({
    method: 'POST',
    url: '/Loan/getLoanRecords',
    summary: "The caller's loans and applications, newest first",
    description: 'status 0 (or absent) all, 1 under review, 2 approved, 3 rejected, 4 cancelled.',
    auth: 'required',
    fields: { status: withDefault(choice([0, 1, 2, 3, 4], listInvalid), 0), ...paging(listInvalid) },
    answer: pageOf(LoanOrderView),
    handler: ({ fields, user, lang }) => {
      const { rows, total } = loans.records(user.id, fields.status, fields.page, fields.limit);
      return ok({ list: rows.map((row) => loanOrderView(row, lang)), total });
    },
  });
};
