import type { ProfileType } from 'shared';

const LABELS: Record<ProfileType, string> = {
  customer: 'Частное лицо',
  executor: 'Исполнитель',
  organization: 'Организация',
};

export function profileTypeLabel(type: ProfileType): string {
  return LABELS[type];
}
