import type { Server } from 'socket.io';
import { formatWait, INVITE_CODE_LENGTH, INVITE_LIFETIME_DAYS, quoted } from 'shared/contract';
import { isStorableId } from '../../db/sql';
import { AppError, notFound, TooManyRequestsError } from '../../http/errors';
import { hmacHex, randomDigits } from '../../lib/secure-token';
import { membershipChanged } from '../../plugins/socket';
import { directedOrganization } from '../../policy/cabinet';
import type { Caller } from '../../policy/caller';
import { deliverCode, invitePhoneKey, smsSendChecks, type SmsCodesDeps } from '../auth/codes/service';
import type { LimitCheck } from '../auth/rate-limit/service';
import type { NewNotification } from '../notification/service';
import { invitesRepository, type InviteRow } from './invites-repository';
import { inviteSmsText, ORGANIZATION_MESSAGES as M } from './messages';
import { organizationRepository } from './repository';

/** What SMS codes need (the invite's code is sent and limited as they are), and notifications. */
export interface InvitesServiceDeps extends SmsCodesDeps {
  notify: (n: NewNotification) => Promise<unknown>;
  /** The socket server: a new member's sockets join the organisation's room at once. */
  io?: Pick<Server, 'in'>;
}

/** Invites one organisation may send per day: a director's mistake or a script cannot run up the SMS bill. */
const invitesPerOrganization = { max: 50, windowSeconds: 24 * 3600 };
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

  /** The caller's pending invite by code; wrong codes are counted and limited. */
  async function pendingFor(caller: Caller, code: string): Promise<InviteRow> {
    // Counted before the look-up (parallel guesses are each counted), taken back when it finds one.
    const reservation = await limiter.reserve(db, [wrongCodes(caller)]);
    if (reservation.refusal) throw limited(reservation.refusal.retryAfterSeconds, M.tooManyTries(formatWait(reservation.refusal.retryAfterSeconds)));
    const invite = await invitesRepository(db).findPending(hashOf(caller.phone, code), caller.phone);
    if (!invite) throw notFound(M.inviteNotFound);
    await reservation.release();
    if (invite.expiresAt.getTime() <= now()) throw new AppError(409, 'invite_expired', M.inviteExpired);
    return invite;
  }

  const ref = (invite: InviteRow) => ({ id: invite.organizationId, name: invite.organizationName });

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
        { phone: body.phone, text: inviteSmsText(organization.name, invite.code, INVITE_LIFETIME_DAYS), meta: { code: invite.code, purpose: 'invite' } },
        () => invitesRepository(db).withdraw(organization.id, invite.inserted.id, at()),
        M.smsFailed,
      );
      if (inviteeId !== null) {
        // A repeated invite voids the code sent before: say so, or two alike notifications leave him guessing which code works.
        const message = invite.replaced
          ? `Вас снова приглашают в организацию ${quoted(organization.name)}. Прежний код больше не действует, новый отправлен по СМС`
          : `Вас приглашают в организацию ${quoted(organization.name)}. Код приглашения отправлен по СМС`;
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
        if (!isStorableId(id)) throw notFound(M.inviteNotFound);
        if (await invitesRepository(db).exists(organization.id, id)) throw new AppError(409, 'invite_closed', M.inviteNotFound);
        throw notFound(M.inviteNotFound);
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
        if (!(await invitesRepository(tx).close(invite.id, 'approved', caller.userId, at()))) throw notFound(M.inviteNotFound);
        const r = organizationRepository(tx);
        if (!(await r.lock(invite.organizationId))) throw notFound(M.inviteNotFound);
        await r.addMember(invite.organizationId, caller.userId, invite.position);
        return (await r.employeeByUser(invite.organizationId, caller.userId))!;
      });
      membershipChanged(io, caller.userId, invite.organizationId, true, log);
      const [director] = (await organizationRepository(db).employees(invite.organizationId, { page: 1, limit: 1 })).items;
      if (director?.director && director.userId !== caller.userId) {
        // Worded without the verb's gender («принял(а)»): the name is not enough to tell it.
        await notify({ userId: director.userId, message: `Приглашение в организацию ${quoted(invite.organizationName)} принято: ${caller.userName}`, link: '/lk/employee', profileId: invite.organizationId });
      }
      return { data: { organization: ref(invite), position: invite.position, employee }, message: M.inviteAccepted };
    },

    async cancel(caller: Caller, code: string) {
      const invite = await pendingFor(caller, code);
      if (!(await db.transaction((tx) => invitesRepository(tx).close(invite.id, 'cancelled', null, at())))) throw notFound(M.inviteNotFound);
      return { data: { organization: ref(invite), status: 'cancelled' as const }, message: M.inviteDeclined };
    },
  };
}
export type InvitesService = ReturnType<typeof invitesService>;
