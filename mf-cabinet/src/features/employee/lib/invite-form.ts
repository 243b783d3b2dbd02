import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { bodySchemaOf } from 'shared';
import { organizationEmployeeInvite } from 'shared/lk';

export interface InviteFormValues {
  phone: string;
  position: string;
}
/** The phone comes out canonical (7XXXXXXXXXX), a blank position as null. */
export interface InviteFormOutput {
  phone: string;
  position?: string | null | undefined;
}

/** The call's own schema judges the form; its optional position takes `unknown`, the form holds text. */
export const inviteResolver = zodResolver(bodySchemaOf(organizationEmployeeInvite)) as unknown as Resolver<InviteFormValues, unknown, InviteFormOutput>;
