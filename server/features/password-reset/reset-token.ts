import { createHash, randomBytes } from 'node:crypto';

/** A new reset token: 256 random bits, URL-safe. It exists only in the email it is sent in. */
export const newResetToken = () => randomBytes(32).toString('base64url');

/** What is stored instead of the token: its SHA-256, so a copy of the database opens no account. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');
