import type { FastifyBaseLogger } from 'fastify';
import { formatWait, INVITE_CODE_LENGTH, INVITE_LIFETIME_DAYS } from 'shared/contract';
import type { Db } from '../../db';
import { isStorableId } from '../../db/sql';
import { AppError, notFound, TooManyRequestsError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { hmacHex, randomDigits } from '../../lib/secure-token';
import { directedOrganization, missedRow } from '../../policy/cabinet';
import type { Caller } from '../../policy/caller';
import { deliverCode, invitePhoneKey, smsSendChecks, type SmsCodesDeps } from '../auth/codes/service';
import type { LimitCheck } from '../auth/rate-limit/service';
import type { NewNotification } from '../notification/service';
import { usersRepository } from '../user/users-repository';
import { invitesRepository, type InviteRow } from './invites-repository';
import { membershipOfUserChanged, type OrganizationIo } from './live';
import { inviteSmsText, ORGANIZATION_MESSAGES as M } from './messages';
import { organizationRepository } from './repository';

/** What SMS codes need (the invite's code is sent and limited as they are), and notifications. */
export interface InvitesServiceDeps extends SmsCodesDeps {
  notify: (n: NewNotification) => Promise<unknown>;
  /** The socket server: a new member's sockets join the organisation's room at once, and his tabs list it. */
  io?: OrganizationIo;
}

/** Invites one organisation may send per day: a director's mistake or a script cannot run up the SMS bill. */
const invitesPerOrganization = { max: 50, windowSeconds: 24 * 3600 };
/**
 * Invites one user may send per day, whatever organisations he directs: anyone may create
 * organisations (an INN's check digits are all that is checked), so the organisation's bucket
 * alone would let one user send fifty SMS a day per organisation he makes.
 */
const invitesPerUser = { max: 50, windowSeconds: 24 * 3600 };
/** Wrong codes one user may try per quarter hour: 8 digits bound to his own phone, then this. */
const wrongCodesPerUser = { max: 10, windowSeconds: 900 };

/**
 * Employee invites (ARCHITECTURE §8 "Employees"): an 8-digit code from a CSPRNG, sent by SMS to
 * the invitee's phone, stored as an HMAC bound to that phone, valid 7 days. Only the user with
 * that phone can check, approve or decline it: for anyone else the code does not exist (404).
 * The invitee declines with the code; the director withdraws with the invite's id.
 */
export function invitesService({ db, sms, limiter, limits, secret, now, notify, io, log }: InvitesServiceDeps) {
  const hashOf = (phone: string, code: string) => hmacHex(secret, `org-invite:${phone}:${code}`);
  const at = () => new Date(now()).toISOString();

  const limited = (retryAfterSeconds: number, message: string) => new TooManyRequestsError(retryAfterSeconds, message, 'rate_limited');
  const wrongCodes = (caller: Caller): LimitCheck => ({ key: `invite:check:${caller.userId}`, ...wrongCodesPerUser });

  /**
   * Why the caller's code finds no pending invite, each said as such (409): a new invite replaced
   * it, the director withdrew it, the invitee himself declined it (another tab); closed before who
   * closed it was recorded (migration 025), neither declined nor withdrawn is claimed. Accepted
   * already (another tab, the code typed again): he is a member, or was and has left since — the
   * code is spent either way. Null: no invite ever had it.
   */
  async function closedInvite(caller: Caller, code: string): Promise<AppError | null> {
    const closed = await invitesRepository(db).findClosed(hashOf(caller.phone, code), caller.phone);
    if (!closed) return null;
    if (closed.status === 'approved') {
      const member = await organizationRepository(db).membership(closed.organizationId, caller.userId);
      return member ? new AppError(409, 'invite_accepted', M.inviteAcceptedAlready) : new AppError(409, 'invite_used', M.inviteUsed);
    }
    if (closed.closedBy === 'reinvite' || closed.replaced) return new AppError(409, 'invite_replaced', M.inviteReplaced);
    if (closed.closedBy === 'director') return new AppError(409, 'invite_withdrawn', M.inviteWithdrawnByDirector);
    if (closed.closedBy === 'invitee') return new AppError(409, 'invite_declined', M.inviteDeclinedByInvitee);
    return new AppError(409, 'invite_closed', M.inviteClosedUnknown);
  }

  /** The invite closed between the look-up and the caller's answer: what became of it. */
  async function goneMeanwhile(caller: Caller, code: string): Promise<AppError> {
    return (await closedInvite(caller, code)) ?? notFound(M.inviteNotFound);
  }

  /** The caller's pending invite by code; wrong codes are counted and limited. */
  async function pendingFor(caller: Caller, code: string): Promise<InviteRow> {
    // Counted before the look-up (parallel guesses are each counted), taken back when it finds one.
    const reservation = await limiter.reserve(db, [wrongCodes(caller)]);
    if (reservation.refusal) throw limited(reservation.refusal.retryAfterSeconds, M.tooManyTries(formatWait(reservation.refusal.retryAfterSeconds)));
    const invite = await invitesRepository(db).findPending(hashOf(caller.phone, code), caller.phone);
    if (!invite) {
      // A code that was really sent to him (withdrawn, replaced, answered) is no guess: not counted.
      const closed = await closedInvite(caller, code);
      if (!closed) throw notFound(M.inviteNotFound);
      await reservation.release();
      throw closed;
    }
    await reservation.release();
    if (invite.expiresAt.getTime() <= now()) throw new AppError(409, 'invite_expired', M.inviteExpired);
    return invite;
  }

  const ref = (invite: InviteRow) => ({ id: invite.organizationId, name: invite.organizationName });

  /**
   * The invitee's answer told to the organisation's director, as the organisation (its employees
   * page is the organisation's, whichever profile she has active); her open /lk/employee reloads
   * its staff and pending invites as she hears it. Not to the invitee himself, were he the director.
   */
  async function tellDirector(invite: InviteRow, message: string, inviteeId: number): Promise<void> {
    const directorId = await organizationRepository(db).directorUserId(invite.organizationId);
    if (directorId === null || directorId === inviteeId) return;
    await notify({ userId: directorId, message, link: '/lk/employee', profileId: invite.organizationId }).catch((err: unknown) =>
      log?.error({ err, userId: directorId }, 'invite answer notice failed'),
    );
  }

  return {
    async invite(caller: Caller, body: { phone: string; position?: string | null }, ip: string) {
      const organization = directedOrganization(caller);
      const orgs = organizationRepository(db);
      const invites = invitesRepository(db);
      const inviteeId = await invites.userIdByPhone(body.phone);
      if (inviteeId !== null && (await orgs.membership(organization.id, inviteeId))) {
        throw new AppError(409, 'already_member', M.alreadyMember, { phone: M.alreadyMember });
      }
      const sentAt = at();
      const invite = await db.transaction(async (tx) => {
        if (!(await organizationRepository(tx).lock(organization.id))) throw notFound(M.notFound);
        // Counted inside the transaction: a refused invite rolls back and uses up nothing.
        // The invitee's phone has a bucket of its own, not his registration and recovery codes'.
        const refusal = await limiter.consume(tx, [
          ...smsSendChecks(limits, body.phone, ip, 'invite'),
          { key: `invite:organization:${organization.id}`, ...invitesPerOrganization },
          { key: `invite:user:${caller.userId}`, ...invitesPerUser },
        ]);
        if (refusal) {
          const wait = formatWait(refusal.retryAfterSeconds);
          throw limited(refusal.retryAfterSeconds, refusal.key === invitePhoneKey(body.phone) ? M.tooManyInvitesToPhone(wait) : M.tooManyInvites(wait));
        }
        const r = invitesRepository(tx);
        const replaced = (await r.cancelPendingFor(organization.id, body.phone)) > 0;
        const expiresAt = new Date(now() + INVITE_LIFETIME_DAYS * 86_400_000).toISOString();
        const row = { organizationId: organization.id, phone: body.phone, position: body.position ?? null, invitedBy: caller.userId, expiresAt, at: sentAt };
        // A pending invite with the same code for the same phone is next to impossible; draw again then.
        for (let attempt = 0; attempt < 3; attempt++) {
          const code = randomDigits(INVITE_CODE_LENGTH);
          const inserted = await r.insert({ ...row, codeHash: hashOf(body.phone, code) });
          if (inserted) return { inserted, code, replaced };
        }
        throw new AppError(409, 'invite_conflict', M.smsFailed);
      });
      await deliverCode(
        { sms, log },
        { phone: body.phone, text: inviteSmsText(invite.code, INVITE_LIFETIME_DAYS), meta: { code: invite.code, purpose: 'invite' } },
        () => invitesRepository(db).withdraw(organization.id, invite.inserted.id, at()),
        M.smsFailed,
      );
      if (inviteeId !== null) {
        // A repeated invite voids the code sent before: say so, or two alike notifications leave him guessing which code works.
        const message = invite.replaced ? M.reinviteNotice(organization.name) : M.inviteNotice(organization.name);
        // Straight to the code's dialog (`?invite`), where the code from the SMS goes.
        await notify({ userId: inviteeId, message, link: '/lk/organization?invite' });
      }
      return { data: invite.inserted, message: M.inviteSent };
    },

    async list(caller: Caller, q: { status?: string; page: number; limit: number }) {
      const organization = directedOrganization(caller);
      const { items, total } = await invitesRepository(db).list(organization.id, { ...q, at: at() });
      return { data: { items, total, page: q.page, limit: q.limit } };
    },

    async withdraw(caller: Caller, id: number) {
      const organization = directedOrganization(caller);
      const invite = isStorableId(id) ? await invitesRepository(db).withdraw(organization.id, id, at()) : null;
      if (!invite) {
        // Another organisation's invite is a 403, none a 404; its own, no longer pending, a 409.
        const owner = await invitesRepository(db).organizationOf(id);
        if (owner !== organization.id) missedRow(owner, organization, { notFound: M.inviteNotFound, forbidden: M.inviteForbidden });
        throw new AppError(409, 'invite_closed', M.inviteClosedForDirector(await invitesRepository(db).closedOf(organization.id, id)));
      }
      return { data: invite, message: M.inviteWithdrawn };
    },

    async check(caller: Caller, code: string) {
      const invite = await pendingFor(caller, code);
      return { data: { organization: ref(invite), position: invite.position, expiresAt: invite.expiresAt.toISOString() } };
    },

    /** Invite closed and membership added in one transaction; a second approve finds no pending invite. */
    async approve(caller: Caller, code: string) {
      const invite = await pendingFor(caller, code);
      const employee = await db.transaction(async (tx) => {
        if (!(await invitesRepository(tx).close(invite.id, 'approved', caller.userId, at()))) return null;
        const r = organizationRepository(tx);
        if (!(await r.lock(invite.organizationId))) throw notFound(M.inviteNotFound);
        await r.addMember(invite.organizationId, caller.userId, invite.position);
        // One who acted for no profile yet acts for the organisation he joined: nothing else to choose (QA L O-4).
        await usersRepository(tx).setActiveProfileIfNone(caller.userId, invite.organizationId);
        return (await r.employeeByUser(invite.organizationId, caller.userId))!;
      });
      if (!employee) throw await goneMeanwhile(caller, code);
      membershipOfUserChanged(io, caller.userId, invite.organizationId, true, log);
      await tellDirector(invite, M.inviteAcceptedNotice(invite.organizationName, caller.userName), caller.userId);
      return { data: { organization: ref(invite), position: invite.position, employee }, message: M.inviteAccepted };
    },

    async cancel(caller: Caller, code: string) {
      const invite = await pendingFor(caller, code);
      if (!(await db.transaction((tx) => invitesRepository(tx).close(invite.id, 'cancelled', caller.userId, at())))) throw await goneMeanwhile(caller, code);
      // The director's pending invites (her /lk/employee) reload as she hears it.
      await tellDirector(invite, M.inviteDeclinedNotice(invite.organizationName, caller.userName), caller.userId);
      return { data: { organization: ref(invite), status: 'cancelled' as const }, message: M.inviteDeclined };
    },
  };
}
export type InvitesService = ReturnType<typeof invitesService>;

export interface PendingInviteNoticesDeps {
  db: Db;
  notify: (n: NewNotification) => Promise<unknown>;
  now: Clock;
  log?: FastifyBaseLogger;
}

/**
 * A newcomer just registered with `phone`: the invites sent to it before he had an account (only
 * their SMS reached him) are put in his notifications, as a registered invitee's are at once, so
 * the bell leads him to the code's dialog. Best effort: a failure never fails the registration.
 */
export async function tellPendingInvites({ db, notify, now, log }: PendingInviteNoticesDeps, userId: number, phone: string): Promise<void> {
  try {
    for (const invite of await invitesRepository(db).liveFor(phone, new Date(now()).toISOString())) {
      await notify({ userId, message: M.inviteNotice(invite.organizationName), link: '/lk/organization?invite' });
    }
  } catch (err) {
    log?.error({ err, userId }, 'pending invite notices failed');
  }
}
