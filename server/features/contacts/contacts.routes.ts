import { Hono } from 'hono';
import { contactSchema } from '../../../common/contact.schema.ts';
import type { AppDeps, AppEnv } from '../../lib/context.ts';
import { validate } from '../../lib/validate.ts';
import * as contacts from './contacts.repository.ts';

export function contactRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().post('/contacts', validate('json', contactSchema), async (c) => {
    const insertedId = await contacts.insert(db, c.req.valid('json'));
    return c.json({ insertedId }, 201);
  });
}
