import { describe, expect, it } from 'vitest';
import { msg } from '../../common/message-key.ts';
import { loadMessages, messageText } from './message-text.ts';

// The shared schemas' message keys in the page's words (issue 16); the page here is English.

describe('messageText', () => {
  it('shows text that is no key (a server answer) as it is, at once', () => {
    expect(messageText('The request is too large.')).toBe('The request is too large.');
    expect(messageText(undefined)).toBeUndefined();
  });

  it('has no words for a key until its catalog arrived, then the English ones with values', async () => {
    expect(messageText(msg('validation.name.required'))).toBeUndefined();
    await loadMessages('en');
    expect(messageText(msg('validation.name.required'))).toBe('Name is required');
    expect(messageText(msg('validation.blog.titleTooLong', { max: 150 }))).toBe(
      'Title must be at most 150 characters',
    );
    expect(messageText(msg('validation.fields.notChangeable', { keys: 'role, status' }))).toBe(
      'These fields cannot be changed here: role, status.',
    );
  });
});
