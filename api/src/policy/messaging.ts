import { MESSAGING_MESSAGES, type ApplicationStatus } from 'shared/contract';
import { AppError, notFound } from '../http/errors';
import { forbidden, mayReply, POLICY_MESSAGES } from './application';
import { activeProfile, type ActiveProfile } from './cabinet';
import type { Caller } from './caller';

/**
 * Who may read and write which conversation (ARCHITECTURE §8 "Messaging"): pure functions of the
 * caller's active profile and facts the service reads. A conversation is its customer profile's
 * and its executor profile's (an organisation's director and employees act for it, as
 * `caller.profile`); anyone else is refused (403, ARCHITECTURE §8: «a call by anyone else is 403»;
 * QA OOO-3), a missing one is 404.
 */

/** The two profiles of a conversation. */
export interface ConversationParties {
  customerProfileId: number;
  executorProfileId: number;
}

export const conversationNotFound = () => notFound(MESSAGING_MESSAGES.notFound);

/** The profile on the other side from `profile`, or null when `profile` is no party. */
export function otherParty(profile: ActiveProfile, parties: ConversationParties): number | null {
  if (profile.id === parties.customerProfileId) return parties.executorProfileId;
  if (profile.id === parties.executorProfileId) return parties.customerProfileId;
  return null;
}

/**
 * Reading, writing to, marking read an existing conversation: the caller's side and the
 * interlocutor's profile; 403 without a profile or for a conversation not his, 404 for a missing one.
 */
export function conversationOf(caller: Caller, parties: ConversationParties | undefined): { profile: ActiveProfile; interlocutorId: number } {
  const profile = activeProfile(caller);
  if (!parties) throw conversationNotFound();
  const interlocutorId = otherParty(profile, parties);
  if (interlocutorId === null) throw forbidden(MESSAGING_MESSAGES.notParty);
  return { profile, interlocutorId };
}

/** A message's document: the conversation's parties only (403 to anyone else; 404 for a missing one). */
export function mayDownload(caller: Caller, parties: ConversationParties | undefined): void {
  const profile = activeProfile(caller);
  if (!parties) throw notFound(MESSAGING_MESSAGES.documentNotFound);
  if (otherParty(profile, parties) === null) throw forbidden(MESSAGING_MESSAGES.documentNotParty);
}

/**
 * What starting a conversation about an application depends on. The candidate is the would-be
 * executor side: the caller's profile, or for the application's customer the profile it names.
 */
export interface StartFacts {
  status: ApplicationStatus;
  /** Once published, an application's existence is public; a draft's never was. */
  everPublished: boolean;
  customerProfileId: number;
  namedProfileId: number | null;
  candidate: {
    /** Any reply of the candidate to the application (withdrawn or rejected too). */
    replied: boolean;
    activeReply: boolean;
    /** The conversation already exists: starting again continues it, whatever the status now. */
    started: boolean;
  };
}

/**
 * `message/create` with `applicationId` (and `profileId`): the executor side of the conversation to
 * start or continue. An executor-side profile (executor, organisation) writes to the customer about
 * a published application, or in any status while its reply is live or it is named on it; the customer
 * writes to a profile whose reply is active or who is named. Nobody writes to himself.
 */
export function decideStart(caller: Caller, facts: StartFacts | undefined, profileId: number | undefined): number {
  const profile = activeProfile(caller);
  if (!facts) throw notFound(POLICY_MESSAGES.notFound);
  const self = () => forbidden(MESSAGING_MESSAGES.selfMessage);
  if (profile.id === facts.customerProfileId) {
    // The customer names the other side; without it he would be writing to his own application.
    if (profileId === undefined || profileId === profile.id) throw self();
    if (facts.candidate.started || facts.candidate.activeReply || facts.namedProfileId === profileId) return profileId;
    throw forbidden(facts.candidate.replied ? MESSAGING_MESSAGES.closedReply : MESSAGING_MESSAGES.notReplier);
  }
  // Anyone else writes to the customer: a `profileId` may only name him.
  if (profileId === profile.id) throw self();
  if (profileId !== undefined && profileId !== facts.customerProfileId) throw conversationNotFound();
  if (facts.candidate.started) return profile.id;
  if (!mayReply(caller)) throw forbidden(MESSAGING_MESSAGES.executorsOnly);
  // Beyond a published application (ARCHITECTURE §8), the side still in it: a live reply (in reserve
  // while another is named, or on an unpublished one) or the named executor. A reply refused or
  // withdrawn starts nothing new (QA R-1: a rejected bidder wrote to the customer of a closed deal).
  if (facts.status === 'published' || facts.candidate.activeReply || facts.namedProfileId === profile.id) return profile.id;
  // Another's draft, never public: refused as `application/get` refuses it (403, ARCHITECTURE §8; QA OOO-3).
  if (!facts.everPublished) throw forbidden(POLICY_MESSAGES.hidden);
  throw new AppError(409, 'conflict', MESSAGING_MESSAGES.notPublished);
}
