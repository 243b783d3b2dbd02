import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, facilityKeys, hasSession, isApiError, isNotFoundStatus, uploadFile, type Address, type Facility } from 'shared';
import { FACILITY_CHANGED, FACILITY_MAX_FILES, facilitySeenOf, profileFacilityCreate, profileFacilityUpdate, type FacilitySeen } from 'shared/lk';
import { forgetFacility } from './delete-facility';

/** Spec §5 and §8: the client's own messages for `profile/facility/update`. */
export const NO_TOKEN_MESSAGE = 'Нет токена';
export const UPDATE_ERROR_MESSAGE = 'Ошибка при обновлении объекта';
export const CREATE_ERROR_MESSAGE = 'Ошибка при создании объекта';
/**
 * A save whose answer did not come (no answer at all, `ApiError.isNetworkError`): the server may have done it. Sent
 * again it does no harm: a create carries its key, and an update adds no document the facility has
 * already (the API adds the same file once, QA CCC-2).
 */
export const SAVE_UNANSWERED_MESSAGE = 'Ответ сервера не получен: объект и документы могли сохраниться. Отправьте форму ещё раз — вторых копий не появится.';

export interface FacilityFieldsInput {
  name: string;
  typeId: number;
  description: string;
  address: Address;
}

/** A file chosen in the form, not sent yet, with its visibility. */
export interface PendingDocument {
  key: string;
  file: File;
  public: boolean;
}

export interface SaveFacilityInput {
  /** Null creates the facility. */
  id: number | null;
  /**
   * The create's own key (shared `newRequestKey`), one per new-facility form: sent again after a
   * create whose answer was lost, it gets the facility made then, not a second one.
   */
  clientKey?: string;
  fields: FacilityFieldsInput;
  /**
   * The facility's fields as the edit form was opened on them (`facilitySeenOf`): a save over a
   * facility changed meanwhile is refused (409 FACILITY_CHANGED), not written over it unseen.
   */
  seen?: FacilitySeen;
  documents: readonly PendingDocument[];
}

export interface Batch {
  public: boolean;
  files: File[];
}

/**
 * The contract's `public` is the visibility of every file of one request, and one request carries
 * at most FACILITY_MAX_FILES: the private files go first, then the public ones, in as many requests
 * as needed. Without files there is still one request, for the fields.
 */
export function batchesOf(documents: readonly PendingDocument[]): Batch[] {
  const batches: Batch[] = [];
  for (const visibility of [false, true]) {
    const files = documents.filter((doc) => doc.public === visibility).map((doc) => doc.file);
    for (let start = 0; start < files.length; start += FACILITY_MAX_FILES) {
      batches.push({ public: visibility, files: files.slice(start, start + FACILITY_MAX_FILES) });
    }
  }
  return batches.length > 0 ? batches : [{ public: false, files: [] }];
}

/** The multipart text fields (ARCHITECTURE §8 "Cabinet"): the address as a JSON string. */
export function multipartFields({ name, typeId, description, address }: FacilityFieldsInput, isPublic: boolean): Record<string, string> {
  return { name, typeId: String(typeId), description, address: JSON.stringify(address), public: String(isPublic) };
}

const createFields = (fields: FacilityFieldsInput, isPublic: boolean, clientKey: string | undefined) => ({
  ...multipartFields(fields, isPublic),
  ...(clientKey === undefined ? {} : { clientKey }),
});

/**
 * The facility was created (or changed), but a later request with more of its files failed: what
 * went first is saved, and sending it all again would store those files twice.
 */
export class PartialSaveError extends Error {
  override readonly name = 'PartialSaveError';
  constructor(
    readonly facility: Facility,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : 'Не все документы загружены');
  }
}

const bytesOf = (files: readonly File[]) => files.reduce((sum, file) => sum + file.size, 0);

export interface SaveOptions {
  /** 0…1 over all the files of all the requests. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * `profile/facility/create` (or `update` with `_method=PUT` and `id`), then `update` for each
 * further batch of files. Answers the facility as saved and the first request's message.
 */
export async function saveFacility({ id, clientKey, fields, seen, documents }: SaveFacilityInput, { onProgress, signal }: SaveOptions = {}) {
  const batches = batchesOf(documents);
  const total = bytesOf(documents.map((doc) => doc.file));
  let sent = 0;
  let facility: Facility | null = null;
  let message: string | undefined;
  for (const batch of batches) {
    const bytes = bytesOf(batch.files);
    const progress = (fraction: number) => onProgress?.(total === 0 ? fraction : (sent + fraction * bytes) / total);
    const targetId: number | null = facility?.id ?? id;
    try {
      const result: { data: Facility; message?: string | undefined } =
        targetId === null
          ? await uploadFile(profileFacilityCreate, { fields: createFields(fields, batch.public, clientKey), files: batch.files, onProgress: progress, signal, errorMessage: CREATE_ERROR_MESSAGE })
          : // After the first request, the facility is as that request left it.
            await updateFacility(targetId, fields, facility ? facilitySeenOf(facility) : seen, batch, progress, signal);
      facility = result.data;
      message ??= result.message;
    } catch (error) {
      if (facility) throw new PartialSaveError(facility, error);
      throw error;
    }
    sent += bytes;
  }
  return { facility: facility!, message };
}

function updateFacility(
  id: number,
  fields: FacilityFieldsInput,
  seen: FacilitySeen | undefined,
  batch: Batch,
  onProgress: (fraction: number) => void,
  signal: AbortSignal | undefined,
) {
  // Spec §5: the update is not sent at all without a session.
  if (!hasSession()) return Promise.reject(new ApiError({ status: 401, code: 'no_token', message: NO_TOKEN_MESSAGE }));
  const body = { _method: 'PUT', id: String(id), ...multipartFields(fields, batch.public), ...(seen ? { seen: JSON.stringify(seen) } : {}) };
  return uploadFile(profileFacilityUpdate, { fields: body, files: batch.files, onProgress, signal, errorMessage: UPDATE_ERROR_MESSAGE });
}

export function useSaveFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, ...options }: SaveOptions & { input: SaveFacilityInput }) => saveFacility(input, options),
    onSuccess: ({ facility }) => {
      queryClient.setQueryData(facilityKeys.detail(facility.id), facility);
      void queryClient.invalidateQueries({ queryKey: facilityKeys.own() });
    },
    onError: (error, { input }) => {
      // An edit of a facility deleted meanwhile (another tab): the caches forget it as after a delete.
      if (input.id !== null && isNotFoundStatus(error)) return forgetFacility(queryClient, input.id);
      // Changed meanwhile: the facility as it is now comes to the form, whose untouched fields take it.
      if (input.id !== null && isApiError(error) && error.code === FACILITY_CHANGED) return queryClient.invalidateQueries({ queryKey: facilityKeys.detail(input.id) });
      if (!(error instanceof PartialSaveError)) return;
      queryClient.setQueryData(facilityKeys.detail(error.facility.id), error.facility);
      void queryClient.invalidateQueries({ queryKey: facilityKeys.own() });
    },
  });
}
