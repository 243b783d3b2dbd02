import type { ApplicationView } from 'shared';
import type { FormMode } from '../hooks/use-publish';

export interface EditPlan {
  mode: FormMode;
  submitLabel: string;
  canDelete: boolean;
}

/**
 * What the edit page may do with this application, from the server's `allowedActions`: finish a
 * draft, change it before an executor is named (republishing an unpublished one), or nothing —
 * then the page leads to the detail (null).
 */
export function editPlanOf(view: Pick<ApplicationView, 'id' | 'status' | 'allowedActions'>): EditPlan | null {
  const allowed = view.allowedActions ?? [];
  const canDelete = allowed.includes('application/delete');
  if (view.status === 'draft' && allowed.includes('application/draft/upsert')) {
    return { mode: { kind: 'draft' }, submitLabel: 'Опубликовать', canDelete };
  }
  if (allowed.includes('application/update')) {
    const submitLabel = view.status === 'published' ? 'Сохранить изменения' : 'Опубликовать снова';
    return { mode: { kind: 'update', id: view.id, status: view.status }, submitLabel, canDelete };
  }
  return null;
}
