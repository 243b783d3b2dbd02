import type { ApplicationLkDetail, PastDocument, Reply, SessionProfile } from 'shared';
import { useSessionStore } from 'shared';

export const CUSTOMER: SessionProfile = { id: 7, type: 'customer', name: 'Иван Петров', active: true };
export const EXECUTOR: SessionProfile = { id: 21, type: 'executor', name: 'Пётр Сидоров', active: true };

/** Logs the test in as this profile (the shell would have loaded user and profiles). */
export function actAs(profile: SessionProfile | null): void {
  const store = useSessionStore.getState();
  store.clear();
  if (!profile) return;
  // Cookies, as the API client reads the token from them.
  store.setTokens('token', 'refresh');
  useSessionStore.setState({
    user: { id: 1, phone: '79991234567', name: profile.name, email: null, activeProfileId: profile.id },
    profiles: [profile],
    activeProfile: profile,
  });
}

export function makeReply(overrides: Partial<Reply> = {}): Reply {
  return {
    id: 301,
    applicationId: 42,
    executor: { id: EXECUTOR.id, name: EXECUTOR.name, type: 'executor' },
    price: 11000,
    comment: 'Сделаю за три дня, опыт 10 лет',
    status: 'active',
    createdAt: '2026-11-21T09:30:00.000Z',
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<ApplicationLkDetail> = {}): ApplicationLkDetail {
  return {
    id: 42,
    number: 1042,
    name: 'Замена электропроводки',
    description: 'Квартира 54 м²',
    status: 'published',
    price: 12500,
    deadline: '2026-12-20',
    feedbackDeadline: '2026-12-10',
    address: { value: 'г. Казань, ул. Баумана, д. 1', cityFiasId: null, geoLat: null, geoLon: null },
    services: [{ id: 5, name: 'Электромонтаж' }],
    customer: { id: CUSTOMER.id, name: CUSTOMER.name, type: 'customer' },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    documents: [],
    replies: [],
    executor: null,
    history: [{ status: 'published', at: '2026-11-20T10:00:00.000Z', actorProfileId: CUSTOMER.id, comment: null }],
    contract: null,
    report: null,
    payment: { status: 'none', amount: 12500 },
    review: null,
    facility: null,
    allowedActions: [],
    ...overrides,
  };
}

/** Named executor, contract uploaded and signed by the customer only: the executor's turn to sign. */
export function contractAwaitingExecutor(overrides: Partial<ApplicationLkDetail> = {}): ApplicationLkDetail {
  return makeDetail({
    status: 'executor_named',
    executor: { id: EXECUTOR.id, name: EXECUTOR.name, type: 'executor' },
    replies: [makeReply()],
    contract: {
      id: 900,
      name: 'Договор подряда.pdf',
      sizeBytes: 153_600,
      sha256: 'a'.repeat(64),
      uploadedAt: '2026-11-22T08:00:00.000Z',
      signatures: [{ party: 'customer', signerName: 'Иван Петров', signedAt: '2026-11-22T08:05:00.000Z' }],
    },
    payment: { status: 'held', amount: 11000 },
    allowedActions: ['application/contract/send/sms', 'application/contract/sign', 'application/contract/download', 'application/cancel/executor/send/sms', 'application/cancel/executor'],
    ...overrides,
  });
}

/**
 * A contract of a deal that ended (`pastDocuments`): the executor's deal, stopped by the customer,
 * signed by both sides. `kind: 'report'` and other fields as the test needs.
 */
export function makePastDocument(overrides: Partial<PastDocument> = {}): PastDocument {
  return {
    id: 700,
    kind: 'contract',
    name: 'Договор подряда.pdf',
    sizeBytes: 153_600,
    sha256: 'b'.repeat(64),
    uploadedAt: '2026-11-22T08:00:00.000Z',
    signatures: [
      { party: 'customer', signerName: CUSTOMER.name, signedAt: '2026-11-22T08:05:00.000Z' },
      { party: 'executor', signerName: EXECUTOR.name, signedAt: '2026-11-23T10:01:00.000Z' },
    ],
    executor: { id: EXECUTOR.id, name: EXECUTOR.name },
    endedAt: '2026-11-25T12:00:00.000Z',
    ended: 'stopped',
    ...overrides,
  };
}
