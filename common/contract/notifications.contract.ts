import { z } from 'zod';
import { modifiedCountResponseSchema } from '../api-responses.schema.ts';
import { notificationSettingsSchema } from '../notification.schema.ts';
import {
  notificationResponseSchema,
  notificationSettingsResponseSchema,
  unreadCountResponseSchema,
} from '../notification-response.schema.ts';
import { paginationSchema } from '../pagination.schema.ts';
import { body, type Endpoint, errors, json, page, signedIn, uuidParam } from './define.ts';

/** GET /api/notifications: the caller's notifications, newest first. */
export const listNotifications = {
  method: 'get',
  path: '/notifications',
  tags: ['Notifications'],
  summary: 'The caller’s notifications, newest first',
  security: signedIn,
  request: { query: paginationSchema },
  responses: {
    200: page(notificationResponseSchema, 'A page of notifications'),
    ...errors(401, 403),
  },
} as const satisfies Endpoint;

/** GET /api/notifications/unread-count: the bell's number. */
export const countUnread = {
  method: 'get',
  path: '/notifications/unread-count',
  tags: ['Notifications'],
  summary: 'How many of the caller’s notifications are unread (up to 100)',
  security: signedIn,
  responses: { 200: json(unreadCountResponseSchema, 'The count'), ...errors(401, 403) },
} as const satisfies Endpoint;

/** POST /api/notifications/:id/read: one read. */
export const markRead = {
  method: 'post',
  path: '/notifications/{id}/read',
  tags: ['Notifications'],
  summary: 'Mark one of the caller’s notifications read',
  security: signedIn,
  request: { params: uuidParam },
  responses: { 200: json(modifiedCountResponseSchema, 'Marked'), ...errors(401, 403, 404) },
} as const satisfies Endpoint;

/** POST /api/notifications/read-all: every one read. */
export const markAllRead = {
  method: 'post',
  path: '/notifications/read-all',
  tags: ['Notifications'],
  summary: 'Mark all the caller’s notifications read',
  security: signedIn,
  responses: { 200: json(modifiedCountResponseSchema, 'Marked'), ...errors(401, 403) },
} as const satisfies Endpoint;

/** GET /api/notifications/settings: the caller's choices. */
export const getNotificationSettings = {
  method: 'get',
  path: '/notifications/settings',
  tags: ['Notifications'],
  summary: 'Which notifications the caller gets, and whether the site sends email',
  security: signedIn,
  responses: {
    200: json(notificationSettingsResponseSchema, 'The settings'),
    ...errors(401, 403),
  },
} as const satisfies Endpoint;

/** PUT /api/notifications/settings: the caller's choices, all of them. */
export const saveNotificationSettings = {
  method: 'put',
  path: '/notifications/settings',
  tags: ['Notifications'],
  summary: 'Choose which notifications to get (request alerts, reminders, updates, email)',
  security: signedIn,
  request: { body: body(notificationSettingsSchema) },
  responses: {
    200: json(z.strictObject({ saved: z.literal(true) }), 'Saved'),
    ...errors(401, 403, 413, 415),
  },
} as const satisfies Endpoint;
