import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionData } from '@clearspeak/contract';
import { call } from '@/lib/api';

export function getSubscriptionData() {
  return call(subscriptionData, {});
}

export const subscriptionDataQuery = queryOptions({
  queryKey: ['module', 'subscription-data'],
  queryFn: getSubscriptionData,
});

export function useSubscriptionData() {
  return useQuery(subscriptionDataQuery);
}
