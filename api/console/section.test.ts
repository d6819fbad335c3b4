import { describe, expect, it } from 'vitest';
import { noticeOf } from './section.ts';

describe('noticeOf', () => {
  const notices = { created: 'The key was created.' };

  it('shows the notice a POST named, and none for an unknown or absent one', () => {
    expect(noticeOf(notices, 'created')).toBe('The key was created.');
    expect(noticeOf(notices, 'deleted')).toBeUndefined();
    expect(noticeOf(notices, undefined)).toBeUndefined();
  });

  it('shows none for a property every object inherits', () => {
    for (const done of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) expect(noticeOf(notices, done), done).toBeUndefined();
  });
});
