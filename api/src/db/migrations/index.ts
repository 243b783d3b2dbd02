import { sql as initial } from './001-initial';
import { sql as auth } from './002-auth';
import { sql as accounts } from './003-accounts';
import { sql as userData } from './004-user-data';
import { sql as catalog } from './005-catalog';
import { sql as ledger } from './006-ledger';
import { sql as transaction } from './007-transaction';
import { sql as cabinet } from './008-cabinet';
import { sql as messaging } from './009-messaging';
import { sql as listScale } from './010-list-scale';
import { sql as publishedServices } from './011-published-services';
import { sql as statusCounts } from './012-status-counts';
import { sql as applicationTerms } from './013-application-terms';
import { sql as publishedSearch } from './014-published-search';
import { sql as termNameOrder } from './015-term-name-order';
import { sql as trigramCatchUp } from './016-trigram-catch-up';
import { sql as nameSortYo } from './017-name-sort-yo';
import { sql as requisiteOnce } from './018-requisite-once';
import { sql as messageOnce } from './019-message-once';
import { sql as askedPrice } from './020-asked-price';
import { sql as notificationProfile } from './021-notification-profile';
import { sql as payoutAnswer } from './022-payout-answer';
import { sql as rateLimitLog } from './023-rate-limit-log';
import { sql as paymentToBalance } from './024-payment-to-balance';
import { sql as inviteClosedBy } from './025-invite-closed-by';
import { sql as notificationMessaging } from './026-notification-messaging';
import { sql as organizationNumbersOnce } from './027-organization-numbers-once';
import { sql as invoiceIssue } from './028-invoice-issue';
import { sql as draftOnce } from './029-draft-once';
import { sql as facilityOnce } from './030-facility-once';
import { sql as organizationCity } from './031-organization-city';
import { sql as historyExecutor } from './032-history-executor';
import { sql as refreshRetry } from './033-refresh-retry';
import { sql as rateLimitCost } from './034-rate-limit-cost';
import { sql as documentContent } from './035-document-content';
import { sql as replySeenPrice } from './036-reply-seen-price';
import { sql as requestAnswers } from './036-request-answers';
import { sql as requestClaims } from './037-request-claims';
import { sql as requestClaimNode } from './038-request-claim-node';
import { sql as payoutRequisite } from './039-payout-requisite';
import { sql as pastDocuments } from './040-past-documents';
import { sql as markupSearch } from './041-markup-search';
import { sql as apiStarts } from './042-api-starts';

/** Ordered; an id is recorded in schema_migrations once applied. Append only. */
export const migrations: ReadonlyArray<{ id: string; sql: string }> = [
  { id: '001-initial', sql: initial },
  { id: '002-auth', sql: auth },
  { id: '003-accounts', sql: accounts },
  { id: '004-user-data', sql: userData },
  { id: '005-catalog', sql: catalog },
  { id: '006-ledger', sql: ledger },
  { id: '007-transaction', sql: transaction },
  { id: '008-cabinet', sql: cabinet },
  { id: '009-messaging', sql: messaging },
  { id: '010-list-scale', sql: listScale },
  { id: '011-published-services', sql: publishedServices },
  { id: '012-status-counts', sql: statusCounts },
  { id: '013-application-terms', sql: applicationTerms },
  { id: '014-published-search', sql: publishedSearch },
  { id: '015-term-name-order', sql: termNameOrder },
  { id: '016-trigram-catch-up', sql: trigramCatchUp },
  { id: '017-name-sort-yo', sql: nameSortYo },
  { id: '018-requisite-once', sql: requisiteOnce },
  { id: '019-message-once', sql: messageOnce },
  { id: '020-asked-price', sql: askedPrice },
  { id: '021-notification-profile', sql: notificationProfile },
  { id: '022-payout-answer', sql: payoutAnswer },
  { id: '023-rate-limit-log', sql: rateLimitLog },
  { id: '024-payment-to-balance', sql: paymentToBalance },
  { id: '025-invite-closed-by', sql: inviteClosedBy },
  { id: '026-notification-messaging', sql: notificationMessaging },
  { id: '027-organization-numbers-once', sql: organizationNumbersOnce },
  { id: '028-invoice-issue', sql: invoiceIssue },
  { id: '029-draft-once', sql: draftOnce },
  { id: '030-facility-once', sql: facilityOnce },
  { id: '031-organization-city', sql: organizationCity },
  { id: '032-history-executor', sql: historyExecutor },
  { id: '033-refresh-retry', sql: refreshRetry },
  { id: '034-rate-limit-cost', sql: rateLimitCost },
  { id: '035-document-content', sql: documentContent },
  { id: '036-reply-seen-price', sql: replySeenPrice },
  { id: '036-request-answers', sql: requestAnswers },
  { id: '037-request-claims', sql: requestClaims },
  { id: '038-request-claim-node', sql: requestClaimNode },
  { id: '039-payout-requisite', sql: payoutRequisite },
  { id: '040-past-documents', sql: pastDocuments },
  { id: '041-markup-search', sql: markupSearch },
  { id: '042-api-starts', sql: apiStarts },
];
