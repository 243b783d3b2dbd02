import type { Queryable } from '../db';
import type { FileStorage } from '../providers/storage';
import { people } from './people';

/** Demo documents live under this storage-key prefix; their bytes are regenerated from the row. */
const SEED_PREFIX = 'seed/';

interface SeedDocumentRow {
  storageKey: string;
  name: string;
  mimeType: string;
}

/** A one-page PDF with an ASCII line (the standard Helvetica has no Cyrillic glyphs). */
function pdf(line: string): Buffer {
  const text = line.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 16 Tf 72 770 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * The bytes of a demo document: the same for the same row, so size_bytes always matches. Every
 * one is a PDF: the demo must not show files an upload would refuse (ARCHITECTURE §8 types).
 */
export function seedDocumentBytes(doc: SeedDocumentRow): Buffer {
  return pdf(`Demo document ${doc.storageKey}`);
}

const PDF_MIME = 'application/pdf';

function spec(storageKey: string, name: string) {
  return { storageKey, name, mimeType: PDF_MIME, sizeBytes: seedDocumentBytes({ storageKey, name, mimeType: PDF_MIME }).length };
}

/** The seed's version of the demo documents; `demo-v1` had two plain-text ones. */
const DOCUMENTS_VERSION = 'demo-v2';

/**
 * A database seeded with `demo-v1` documents gets its plain-text demo documents as PDFs under
 * keys of their own (`writeSeedFiles` then writes them); true when it did.
 */
async function upgradeSeedDocuments(tx: Queryable): Promise<boolean> {
  const upgraded = await tx.query(`update app_meta set value = $1 where key = 'seed-documents' and value = 'demo-v1' returning key`, [DOCUMENTS_VERSION]);
  if (upgraded.length === 0) return false;
  for (const table of ['facility_documents', 'application_documents']) {
    const rows = await tx.query<{ id: number; storageKey: string; name: string }>(
      `select id, storage_key as "storageKey", name from ${table} where storage_key like $1 and mime_type <> $2`,
      [`${SEED_PREFIX}%`, PDF_MIME],
    );
    for (const row of rows) {
      const doc = spec(row.storageKey.replace(/\.txt$/, '.pdf'), row.name.replace(/\.txt$/, '.pdf'));
      await tx.query(`update ${table} set storage_key = $2, name = $3, mime_type = $4, size_bytes = $5 where id = $1`, [row.id, doc.storageKey, doc.name, doc.mimeType, doc.sizeBytes]);
    }
  }
  return true;
}

/**
 * Demo documents once (own marker, so databases seeded before documents existed get them; one
 * seeded with an older version is brought up to date): every facility has a public plan and a
 * private inspection report; the first eight published applications a public brief, every other
 * one a private estimate; one draft a public brief that nobody may download while the draft is
 * unpublished. All PDFs.
 */
export async function insertSeedDocuments(tx: Queryable): Promise<boolean> {
  const marker = await tx.query(`insert into app_meta (key, value) values ('seed-documents', $1) on conflict (key) do nothing returning key`, [DOCUMENTS_VERSION]);
  if (marker.length === 0) return upgradeSeedDocuments(tx);
  // Only the demo people's rows: a database seeded before documents existed may hold real ones by now.
  const demo = `select p.id from profiles p join users u on u.id = p.user_id where u.phone = any($1::text[])`;
  const phones = people.map((p) => p.phone);
  const facilities = await tx.query<{ id: number }>(`select id from facilities where profile_id in (${demo}) order by id`, [phones]);
  for (const { id } of facilities) {
    for (const [doc, isPublic] of [
      [spec(`${SEED_PREFIX}facility-${id}/plan.pdf`, 'Поэтажный план.pdf'), true],
      [spec(`${SEED_PREFIX}facility-${id}/inspection.pdf`, 'Акт осмотра (служебный).pdf'), false],
    ] as const) {
      await tx.query(
        `insert into facility_documents (facility_id, name, storage_key, mime_type, size_bytes, public) values ($1, $2, $3, $4, $5, $6)`,
        [id, doc.name, doc.storageKey, doc.mimeType, doc.sizeBytes, isPublic],
      );
    }
  }
  const ofStatus = (status: string, limit: number) =>
    tx.query<{ id: number }>(`select id from applications where status = $2 and customer_profile_id in (${demo}) order by id limit $3`, [phones, status, limit]);
  const published = await ofStatus('published', 8);
  const [draft] = await ofStatus('draft', 1);
  const rows: Array<[number, ReturnType<typeof spec>, boolean]> = [];
  published.forEach(({ id }, i) => {
    rows.push([id, spec(`${SEED_PREFIX}application-${id}/brief.pdf`, 'Техническое задание.pdf'), true]);
    if (i % 2 === 0) rows.push([id, spec(`${SEED_PREFIX}application-${id}/estimate.pdf`, 'Смета «черновая».pdf'), false]);
  });
  if (draft) rows.push([draft.id, spec(`${SEED_PREFIX}application-${draft.id}/brief.pdf`, 'Техническое задание.pdf'), true]);
  for (const [applicationId, doc, isPublic] of rows) {
    await tx.query(
      `insert into application_documents (application_id, name, storage_key, mime_type, size_bytes, public) values ($1, $2, $3, $4, $5, $6)`,
      [applicationId, doc.name, doc.storageKey, doc.mimeType, doc.sizeBytes, isPublic],
    );
  }
  return true;
}

/** Writes the files of the demo documents that are missing from `storage` (safe to repeat). */
export async function writeSeedFiles(db: Queryable, storage: FileStorage): Promise<number> {
  const docs = await db.query<SeedDocumentRow>(
    `select storage_key as "storageKey", name, mime_type as "mimeType" from facility_documents where storage_key like $1
     union all
     select storage_key, name, mime_type from application_documents where storage_key like $1`,
    [`${SEED_PREFIX}%`],
  );
  let written = 0;
  for (const doc of docs) {
    if (await storage.exists(doc.storageKey)) continue;
    await storage.write(doc.storageKey, seedDocumentBytes(doc));
    written++;
  }
  return written;
}
