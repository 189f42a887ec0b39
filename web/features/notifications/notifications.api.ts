import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  countUnread,
  getNotificationSettings,
  listNotifications,
  markAllRead,
  markRead,
  saveNotificationSettings,
} from '../../../common/contract/notifications.contract.ts';
import type { NotificationSettings } from '../../../common/notification.schema.ts';
import { request, requestPage } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

export const NOTIFICATIONS_PAGE_SIZE = 10;

const notificationsKey = ['notifications'] as const;

/** The bell's number; looked at again every half minute while a page is open. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: [...notificationsKey, 'unread'],
    queryFn: () => request(countUnread, {}),
    enabled,
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

export function useNotifications(page: number) {
  return useQuery({
    queryKey: [...notificationsKey, 'list', page],
    queryFn: () =>
      requestPage(listNotifications, { query: { page, limit: NOTIFICATIONS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

function useRefreshNotifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationsKey });
}

export function useMarkRead() {
  const refresh = useRefreshNotifications();
  return useSingleFlightMutation({
    mutationFn: (id: string) => request(markRead, { params: { id } }),
    onSettled: refresh,
  });
}

export function useMarkAllRead() {
  const refresh = useRefreshNotifications();
  return useSingleFlightMutation({
    mutationFn: () => request(markAllRead, {}),
    onSettled: refresh,
  });
}

const settingsKey = [...notificationsKey, 'settings'] as const;

export function useNotificationSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => request(getNotificationSettings, {}),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (settings: NotificationSettings) =>
      request(saveNotificationSettings, { json: settings }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKey }),
  });
}
