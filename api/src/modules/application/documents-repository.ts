import type { ApplicationStatus, DocumentInfo, PastDocument, SignedDocument } from 'shared/contract';
import type { Queryable } from '../../db';
import { isoTimestamp, jsonColumn } from '../../db/sql';
import type { UploadedFile } from '../../providers/storage/upload';
import { addDocumentOnce, infoColumns } from '../document/repository';

/** `signed_documents.kind`: the contract, or the executor's report. */
export type SignedKind = 'contract' | 'report';

/** A version of a contract or report as downloads and signatures need it. */
export interface SignedVersion {
  id: number;
  version: number;
  name: string;
  storageKey: string;
  mimeType: string;
  sha256: string;
  /** Null once that profile is deleted (`on delete set null`). */
  uploadedByProfileId: number | null;
}

/** One row of `document_signatures`: the evidence of a simple electronic signature. */
export interface SignatureRecord {
  documentId: number;
  documentVersion: number;
  documentSha256: string;
  party: 'customer' | 'executor';
  signerUserId: number;
  signerProfileId: number;
  signerName: string;
  signerPhone: string;
  codeHash: string;
  codeSentAt: string;
  signedAt: string;
  ip: string;
  userAgent: string | null;
  termsVersion: string;
}

export interface ApplicationParties {
  id: number;
  number: number;
  status: ApplicationStatus;
  customerProfileId: number;
  executorProfileId: number | null;
}

/** An application's other document as downloads need it. */
export interface OtherDocument {
  id: number;
  applicationId: number;
  name: string;
  storageKey: string;
  mimeType: string;
}

/** A contract or report set aside with its deal, as its download needs it. */
export interface PastVersion {
  id: number;
  applicationId: number;
  name: string;
  storageKey: string;
  mimeType: string;
  /** That deal's executor. */
  executorProfileId: number;
  customerProfileId: number;
}

/** The columns of `signedDocumentSchema` on alias `d`, the signatures as JSON (withSignatures parses them where a driver does not). */
const shapedColumns = `d.id, d.name, d.size_bytes as "sizeBytes", trim(d.sha256) as sha256, ${isoTimestamp('d.uploaded_at')} as "uploadedAt",
  coalesce((select json_agg(json_build_object('party', s.party, 'signerName', s.signer_name,
    'signedAt', ${isoTimestamp('s.signed_at')}) order by s.signed_at, s.id)
    from document_signatures s where s.document_id = d.id), '[]'::json) as signatures`;

const withSignatures = <R extends { signatures: SignedDocument['signatures'] | string }>(row: R): R & { signatures: SignedDocument['signatures'] } => ({
  ...row,
  signatures: jsonColumn(row.signatures),
});

const versionColumns = `id, version, name, storage_key as "storageKey", mime_type as "mimeType", trim(sha256) as sha256,
  uploaded_by_profile_id as "uploadedByProfileId"`;

/** SQL of contracts, reports, their signatures and the other documents of an application. */
export function documentsRepository(db: Queryable) {
  return {
    /** The current version (the one not deleted), if any. */
    async current(applicationId: number, kind: SignedKind): Promise<SignedVersion | undefined> {
      const [row] = await db.query<SignedVersion>(
        `select ${versionColumns} from signed_documents where application_id = $1 and kind = $2 and deleted_at is null`,
        [applicationId, kind],
      );
      return row;
    },

    /** The ids of the versions replaced or deleted since (the current one not among them). */
    async retiredIds(applicationId: number, kind: SignedKind): Promise<number[]> {
      const rows = await db.query<{ id: number }>(
        'select id from signed_documents where application_id = $1 and kind = $2 and deleted_at is not null order by id',
        [applicationId, kind],
      );
      return rows.map((r) => r.id);
    },

    /** Marks the current version deleted; answers its id (undefined when there was none). */
    async retire(applicationId: number, kind: SignedKind, at: string): Promise<number | undefined> {
      const [row] = await db.query<{ id: number }>(
        `update signed_documents set deleted_at = $3 where application_id = $1 and kind = $2 and deleted_at is null returning id`,
        [applicationId, kind, at],
      );
      return row?.id;
    },

    /** A new current version, numbered after every earlier one (deleted ones included). */
    async insertVersion(v: { applicationId: number; kind: SignedKind; file: UploadedFile; profileId: number; at: string }): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `insert into signed_documents (application_id, kind, version, name, storage_key, mime_type, size_bytes, sha256, uploaded_by_profile_id, uploaded_at)
         select $1, $2, coalesce(max(version), 0) + 1, $3, $4, $5, $6, $7, $8, $9 from signed_documents where application_id = $1 and kind = $2
         returning id`,
        [v.applicationId, v.kind, v.file.name, v.file.key, v.file.mime, v.file.sizeBytes, v.file.sha256, v.profileId, v.at],
      );
      return row!.id;
    },

    /** The current contract or report as the contract answers it, or null when none is uploaded. */
    async currentShaped(applicationId: number, kind: SignedKind): Promise<SignedDocument | null> {
      const version = await this.current(applicationId, kind);
      return (version && (await this.shaped(version.id))) ?? null;
    },

    /** A version as the contract answers it (`signedDocumentSchema`), with its signatures. */
    async shaped(id: number): Promise<SignedDocument | undefined> {
      const [row] = await db.query<Omit<SignedDocument, 'signatures'> & { signatures: SignedDocument['signatures'] | string }>(
        `select ${shapedColumns} from signed_documents d where d.id = $1`,
        [id],
      );
      return row && withSignatures(row);
    },

    /**
     * The versions set aside when a deal ended (`part()`), oldest deal first, contract before report:
     * every one for the customer (`forExecutor` null), else those of that executor's own deal. How
     * it ended is the history's entry of that very time (a cancel's, else a stop's).
     */
    async past(applicationId: number, forExecutor: number | null): Promise<PastDocument[]> {
      const rows = await db.query<Omit<PastDocument, 'signatures' | 'executor'> & { signatures: PastDocument['signatures'] | string; executor: PastDocument['executor'] | string }>(
        `select ${shapedColumns}, d.kind, ${isoTimestamp('d.deleted_at')} as "endedAt",
           case when exists (select 1 from application_history h where h.application_id = d.application_id and h.created_at = d.deleted_at
                               and h.to_status = 'cancelled_by_executor') then 'cancelled' else 'stopped' end as ended,
           case when p.id is not null then json_build_object('id', p.id, 'name', p.name) end as executor
         from signed_documents d left join profiles p on p.id = d.set_aside_for
         where d.application_id = $1 and d.deleted_at is not null and d.set_aside_for is not null
           and ($2::int is null or d.set_aside_for = $2)
         order by d.deleted_at, d.kind, d.id`,
        [applicationId, forExecutor],
      );
      return rows.map((row) => ({ ...withSignatures(row), executor: jsonColumn(row.executor) }));
    },

    /** A version set aside when a deal ended, with whom it may go to (`findPast` of the download). */
    async findPast(id: number): Promise<PastVersion | undefined> {
      const [row] = await db.query<PastVersion>(
        `select d.id, d.application_id as "applicationId", d.name, d.storage_key as "storageKey", d.mime_type as "mimeType",
           d.set_aside_for as "executorProfileId", a.customer_profile_id as "customerProfileId"
         from signed_documents d join applications a on a.id = d.application_id
         where d.id = $1 and d.deleted_at is not null and d.set_aside_for is not null`,
        [id],
      );
      return row;
    },

    async insertSignature(s: SignatureRecord): Promise<void> {
      await db.query(
        `insert into document_signatures (document_id, document_version, document_sha256, party, signer_user_id, signer_profile_id,
           signer_name, signer_phone, code_hash, code_sent_at, signed_at, ip, user_agent, terms_version)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          s.documentId, s.documentVersion, s.documentSha256, s.party, s.signerUserId, s.signerProfileId,
          s.signerName, s.signerPhone, s.codeHash, s.codeSentAt, s.signedAt, s.ip, s.userAgent, s.termsVersion,
        ],
      );
    },

    // ---- Other documents (`application_documents`) ----

    /** The application's parties and status; `lock` share-locks the row until the transaction ends. */
    async application(id: number, lock: boolean): Promise<ApplicationParties | undefined> {
      const [row] = await db.query<ApplicationParties>(
        `select id, number, status, customer_profile_id as "customerProfileId", executor_profile_id as "executorProfileId"
         from applications where id = $1 ${lock ? 'for share' : ''}`,
        [id],
      );
      return row;
    },

    /** The upload's document: a new one, or the same file's already there (`addDocumentOnce`); run in a transaction. */
    insertOther(applicationId: number, file: UploadedFile, isPublic: boolean, at: string): Promise<{ document: DocumentInfo; added: boolean }> {
      return addDocumentOnce<DocumentInfo>(db, 'application_documents', { ownerId: applicationId, file, public: isPublic, createdAt: at }, infoColumns);
    },

    async findOther(id: number): Promise<OtherDocument | undefined> {
      const [row] = await db.query<OtherDocument>(
        `select id, application_id as "applicationId", name, storage_key as "storageKey", mime_type as "mimeType"
         from application_documents where id = $1`,
        [id],
      );
      return row;
    },

    /** Deletes one document of the application; answers its storage key (undefined: no such row). */
    async removeOther(applicationId: number, id: number): Promise<string | undefined> {
      const [row] = await db.query<{ key: string }>(
        'delete from application_documents where id = $1 and application_id = $2 returning storage_key as key',
        [id, applicationId],
      );
      return row?.key;
    },
  };
}
export type DocumentsRepository = ReturnType<typeof documentsRepository>;
