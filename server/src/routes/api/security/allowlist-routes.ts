import Type from 'typebox';
import {
  addAllowlistEntry,
  ALLOWLIST_OFF_FIELDS,
  allowlistDestinations,
  allowlistStateOf,
  removeAllowlistEntry,
  turnAllowlistOff,
  turnAllowlistOn,
  type AllowlistDeps,
  type AllowlistKind,
} from '../../../domain/security/allowlist.ts';
import { HOLDING_KINDS, securityHoldOf } from '../../../domain/security/holds.ts';
import { choice, id, messages } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes, type ApiPlugin } from '../context.ts';
import { SECOND_STEP_NOTE, secondStep, secondStepFields } from './second-step.ts';

/** Whole seconds from `now` to `at`, never below 0: what a countdown starts from, whatever the phone's clock says. */
const secondsUntil = (at: number, now: number) => Math.max(0, Math.ceil((at - now) / 1000));

const Hold = Type.Union(
  [
    Type.Object({
      until: Type.Integer({ description: 'When money may leave again (ms since 1970, the server clock)' }),
      left_seconds: Type.Integer({ description: 'Seconds from now until then' }),
      reason: Type.String({ enum: [...HOLDING_KINDS], description: 'The latest change that set the hold' }),
    }),
    Type.Null(),
  ],
  { description: 'The security hold under way, or null' },
);

const Entry = Type.Object({
  type: Type.Union([Type.Literal(1), Type.Literal(2)], {
    description: '1 a bound withdrawal address, 2 a bound bank card',
  }),
  id: Type.Integer({ description: 'The address or card id (address_id / bank_id of User/withdraw)' }),
  title: Type.String({ description: "The coin's title of an address, the bank's name of a card" }),
  network: Type.String({ description: "The address's network; '' for a card" }),
  destination: Type.String({ description: 'The address whole, a card as **** and its last 4 digits' }),
  listed: Type.Union([Type.Literal(0), Type.Literal(1)]),
  usable_from: Type.Union([Type.Integer(), Type.Null()], {
    description: 'When a listed entry may be used (ms); null when not listed',
  }),
  usable_left_seconds: Type.Integer({
    description: 'Seconds until a listed entry may be used; 0 when it may (or is not listed)',
  }),
});

const Allowlist = Type.Object({
  on: Type.Union([Type.Literal(0), Type.Literal(1)], {
    description: 'Whether withdrawals go only to usable listed entries now',
  }),
  off_at: Type.Union([Type.Integer(), Type.Null()], {
    description: 'When a requested turn-off takes effect (ms); null when none waits',
  }),
  off_left_seconds: Type.Integer({ description: 'Seconds until then; 0 when none waits' }),
  hold_hours: Type.Integer({ description: 'How long a new entry and a turn-off wait (SECURITY_HOLD_HOURS)' }),
  hold: Hold,
  list: Type.Array(Entry, { description: "The caller's bound addresses, then cards, each with its place on the list" }),
});

const KINDS: Record<1 | 2, AllowlistKind> = { 1: 'address', 2: 'card' };
const entryFields = {
  type: choice([1, 2], messages('allowlist.typeInvalid')),
  id: id(messages('allowlist.destinationUnknown')),
};

/**
 * The security hold and the withdrawal allow-list (docs/account-protection.md), Token required.
 * Every change answers the whole list, as getAllowlist does, so the screen shows what the server keeps.
 */
export const allowlistRoutes: ApiPlugin = async (fastify) => {
  const ctx = fastify.apiContext;
  const route = declareRoutes(fastify, ctx);
  const deps: AllowlistDeps = {
    db: ctx.db,
    securityEvents: ctx.securityEvents,
    holdHours: ctx.config.securityHoldHours,
    now: ctx.now,
  };

  const holdView = (userId: number, now: number) => {
    const hold = securityHoldOf(ctx.db, userId, now);
    return hold ? { until: hold.until, left_seconds: secondsUntil(hold.until, now), reason: hold.reason } : null;
  };
  const allowlistView = (userId: number) => {
    const now = ctx.now();
    const state = allowlistStateOf(ctx.db, userId, now);
    return {
      on: state.on ? (1 as const) : (0 as const),
      off_at: state.offAt,
      off_left_seconds: state.offAt === null ? 0 : secondsUntil(state.offAt, now),
      hold_hours: ctx.config.securityHoldHours,
      hold: holdView(userId, now),
      list: allowlistDestinations(ctx.db, userId).map((entry) => ({
        type: entry.kind === 'address' ? (1 as const) : (2 as const),
        id: entry.id,
        title: entry.title,
        network: entry.network,
        destination: entry.destination,
        listed: entry.usableFrom === null ? (0 as const) : (1 as const),
        usable_from: entry.usableFrom,
        usable_left_seconds: entry.usableFrom === null ? 0 : secondsUntil(entry.usableFrom, now),
      })),
    };
  };

  route({
    method: 'POST',
    url: '/Security/getSecurityHold',
    summary: 'The security hold under way: withdrawals and internal transfers wait until it ends',
    description:
      'A change of the login or transaction password, or a sign-in method added or removed, holds withdrawals and internal ' +
      'transfers for SECURITY_HOLD_HOURS from the change; a later change extends it.',
    auth: 'required',
    answer: Type.Object({ hold: Hold }),
    handler: ({ user }) => ok({ hold: holdView(user.id, ctx.now()) }),
  });

  route({
    method: 'POST',
    url: '/Security/getAllowlist',
    summary:
      "The withdrawal allow-list: its switch, the caller's bound addresses and cards with their place on it, and the hold",
    auth: 'required',
    answer: Allowlist,
    handler: ({ user }) => ok(allowlistView(user.id)),
  });

  route({
    method: 'POST',
    url: '/Security/setAllowlist',
    summary: 'Turns the allow-list on (at once) or off (after SECURITY_HOLD_HOURS; it stays on until then)',
    description:
      'on 1 also cancels a turn-off that waits. on 0 while a turn-off waits keeps its time. on 1 needs no second step; on 0 does:' +
      SECOND_STEP_NOTE +
      ' Its approval is of allowlist_off with no target (an empty one is the same).',
    auth: 'required',
    once: 'common.duplicate',
    fields: { on: choice([0, 1], messages('allowlist.switchInvalid')), ...secondStepFields },
    answer: Allowlist,
    handler: async ({ fields, user, request, t }) => {
      if (fields.on === 1) {
        turnAllowlistOn(deps, user.id);
        return ok(allowlistView(user.id), t('allowlist.turnedOn'));
      }
      // Turning the list off loosens the account: with a second factor it needs an approval of exactly this.
      const approval = await secondStep(ctx, user, 'allowlist_off', ALLOWLIST_OFF_FIELDS, fields, request);
      ctx.db.transaction(() => {
        approval.markUsed();
        turnAllowlistOff(deps, user.id);
      })();
      const view = allowlistView(user.id);
      return ok(view, t(view.on ? 'allowlist.offRequested' : 'allowlist.turnedOff'));
    },
  });

  route({
    method: 'POST',
    url: '/Security/addAllowlistEntry',
    summary: 'Puts a bound address (type 1) or card (type 2) on the allow-list: usable after SECURITY_HOLD_HOURS',
    description:
      'Listing one already listed keeps its time. A listed address that is later rebound to another address is no longer listed.',
    auth: 'required',
    once: 'common.duplicate',
    fields: entryFields,
    answer: Allowlist,
    handler: ({ fields, user, t }) => {
      // No second step: an entry only narrows where money may go, and it is usable only after the hold.
      addAllowlistEntry(deps, user.id, KINDS[fields.type], fields.id);
      return ok(allowlistView(user.id), t('allowlist.added'));
    },
  });

  route({
    method: 'POST',
    url: '/Security/removeAllowlistEntry',
    summary: 'Takes an address (type 1) or card (type 2) off the allow-list, at once',
    auth: 'required',
    once: 'common.duplicate',
    fields: entryFields,
    answer: Allowlist,
    handler: ({ fields, user, t }) => {
      removeAllowlistEntry(deps, user.id, KINDS[fields.type], fields.id);
      return ok(allowlistView(user.id), t('allowlist.removed'));
    },
  });
};
