import { domainToUnicode } from 'node:url';
import type { SessionUser } from 'shared/contract';
import type { Db } from '../../db';
import { isoAfter, type Clock } from '../../lib/clock';
import { unauthorized } from '../../plugins/auth';
import type { SmsCodes } from './codes/service';
import { fieldError, MESSAGES } from './errors';
import { isUniqueViolation } from '../../db/sql';
import { usersRepository } from '../user/users-repository';

/**
 * The address with its domain in letters: a type="email" field in Chromium sends petr@пример.рф as
 * petr@xn--e1afmkfd.xn--p1ai, which the person never typed and would see back on every page. One
 * form is kept, so the same address written either way is the same. A domain that does not
 * decode stays as sent.
 */
export function readableEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1);
  if (!/(^|\.)xn--/i.test(domain)) return email;
  const decoded = domainToUnicode(domain);
  return decoded ? `${email.slice(0, at)}@${decoded}` : email;
}

/** The user's own name, e-mail and phone (the phone only with a code sent to the new number). */
export function profileService({ db, codes, now }: { db: Db; codes: SmsCodes; now: Clock }) {
  const users = usersRepository(db);
  // On the field: the form shows it under the new number, not only as a toast.
  const phoneInUse = () => fieldError(409, 'phone_in_use', 'phone', MESSAGES.phoneInUse);
  // The code is bound to the user as well: one account cannot spend a code requested by another.
  const subjectOf = (userId: number) => `user:${userId}`;

  return {
    /**
     * A new name is the name of his personal profiles too (customer, executor) while they carry the
     * one he had: what others see of him (the executor card, chat authors, his applications) was
     * copied from it when each was made, and no form renames them (QA M-2). Organisations keep theirs.
     */
    async update(userId: number, fields: { name?: string; email?: string | null }): Promise<SessionUser> {
      const email = fields.email ? readableEmail(fields.email) : fields.email;
      return db.transaction(async (tx) => {
        const txUsers = usersRepository(tx);
        const before = await txUsers.findSessionUser(userId, { lock: true });
        const user = before && (await txUsers.update(userId, { ...fields, ...(email !== undefined ? { email } : {}) }, isoAfter(now)));
        if (!before || !user) throw unauthorized();
        if (user.name !== before.name) {
          await txUsers.renamePersonalProfiles(userId, before.name, user.name);
        }
        return user;
      });
    },

    async sendPhoneCode(userId: number, phone: string, ip: string) {
      const user = await users.findById(userId);
      if (!user) throw unauthorized();
      if (user.phone === phone) throw fieldError(409, 'same_phone', 'phone', MESSAGES.samePhone);
      if (await users.phoneExists(phone)) throw phoneInUse();
      return codes.send({ phone, purpose: 'phone_change', subject: subjectOf(userId), ip });
    },

    async changePhone(userId: number, phone: string, code: string): Promise<SessionUser> {
      if (await users.phoneExists(phone)) throw phoneInUse();
      await codes.verify({ phone, purpose: 'phone_change', subject: subjectOf(userId), code, consume: true });
      try {
        const user = await users.setPhone(userId, phone, isoAfter(now));
        if (!user) throw unauthorized();
        return user;
      } catch (error) {
        if (isUniqueViolation(error)) throw phoneInUse();
        throw error;
      }
    },
  };
}
