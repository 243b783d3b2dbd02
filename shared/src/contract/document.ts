import { z } from 'zod';
import { idQuerySchema } from './common';
import { defineCall } from './define';

/**
 * Binary downloads: the answer is the file itself (Content-Disposition with the document's
 * name), not the JSON envelope; failures are the usual JSON failure envelope.
 */
export const facilityDocumentPublicDownload = defineCall({
  method: 'GET',
  path: 'facility/document/public/download',
  auth: 'none',
  summary: 'Скачивание публичного документа объекта',
  query: idQuerySchema,
  data: z.unknown(),
});

export const applicationDocumentPublicDownload = defineCall({
  method: 'GET',
  path: 'application/document/public/download',
  auth: 'none',
  summary: 'Скачивание публичного документа заявки',
  query: idQuerySchema,
  data: z.unknown(),
});

export const DOWNLOAD_ERROR_MESSAGE = 'Ошибка скачивания документа';
