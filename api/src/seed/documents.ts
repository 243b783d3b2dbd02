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

/** The bytes of a demo document: the same for the same row, so size_bytes always matches. */
export function seedDocumentBytes(doc: SeedDocumentRow): Buffer {
  if (doc.mimeType === 'application/pdf') return pdf(`Demo document ${doc.storageKey}`);
  return Buffer.from(`${doc.name}\nДемонстрационный документ маркетплейса (${doc.storageKey}).\n`, 'utf8');
}

function spec(storageKey: string, name: string) {
  const mimeType = name.endsWith('.pdf') ? 'application/pdf' : 'text/plain; charset=utf-8';
  return { storageKey, name, mimeType, sizeBytes: seedDocumentBytes({ storageKey, name, mimeType }).length };
}

/**
 * Demo documents once (own marker, so databases seeded before documents existed get them):
 * every facility has a public plan and a private inspection report; the first eight published
 * applications a public brief, every other one a private estimate; one draft a public brief
 * that nobody may download while the draft is unpublished.
 */
export async function insertSeedDocuments(tx: Queryable): Promise<boolean> {
  const marker = await tx.query(`insert into app_meta (key, value) values ('seed-documents', 'demo-v1') on conflict (key) do nothing returning key`);
  if (marker.length === 0) return false;
  // Only the demo people's rows: a database seeded before documents existed may hold real ones by now.
  const demo = `select p.id from profiles p join users u on u.id = p.user_id where u.phone = any($1::text[])`;
  const phones = people.map((p) => p.phone);
  const facilities = await tx.query<{ id: number }>(`select id from facilities where profile_id in (${demo}) order by id`, [phones]);
  for (const { id } of facilities) {
    for (const [doc, isPublic] of [
      [spec(`${SEED_PREFIX}facility-${id}/plan.pdf`, 'Поэтажный план.pdf'), true],
      [spec(`${SEED_PREFIX}facility-${id}/inspection.txt`, 'Акт осмотра (служебный).txt'), false],
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
    if (i % 2 === 0) rows.push([id, spec(`${SEED_PREFIX}application-${id}/estimate.txt`, 'Смета «черновая».txt'), false]);
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
