import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, profileServiceKeys, type ApiError, type ApiResult, type CallData, type Service } from 'shared';
import { profileServiceAdd, profileServiceRemove } from 'shared/lk';

type ServiceList = CallData<typeof profileServiceAdd>;

/** Every add and remove carries this key, so the page knows which services are in flight. */
export const PROFILE_SERVICE_MUTATION = ['profile-service', 'change'] as const;

export interface ServiceChange {
  action: 'add' | 'remove';
  service: Service;
}

export function changeProfileService({ action, service }: ServiceChange): Promise<ApiResult<ServiceList>> {
  return action === 'add'
    ? apiRequest(profileServiceAdd, { body: { serviceId: service.id } })
    : apiRequest(profileServiceRemove, { query: { id: service.id } });
}

function applyOptimistic(list: ServiceList | undefined, { action, service }: ServiceChange): ServiceList | undefined {
  if (!list) return list;
  const others = list.items.filter((item) => item.id !== service.id);
  return { items: action === 'add' ? [...others, service] : others };
}

const othersInFlight = (queryClient: QueryClient) => queryClient.isMutating({ mutationKey: PROFILE_SERVICE_MUTATION }) > 1;

/**
 * Adds or removes one service of the profile, shown at once. Both calls answer the whole list,
 * which replaces the guess unless another change is still on its way; a failure refetches the truth.
 */
export function useChangeProfileService(profileId: number) {
  const queryClient = useQueryClient();
  const queryKey = profileServiceKeys.list(profileId);
  return useMutation<ApiResult<ServiceList>, ApiError, ServiceChange>({
    mutationKey: PROFILE_SERVICE_MUTATION,
    mutationFn: changeProfileService,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<ServiceList>(queryKey, (list) => applyOptimistic(list, change));
    },
    onSuccess: ({ data }) => {
      if (!othersInFlight(queryClient)) queryClient.setQueryData(queryKey, data);
    },
    onError: () => void queryClient.invalidateQueries({ queryKey }),
  });
}
