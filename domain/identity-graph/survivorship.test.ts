import { describe, expect, it } from 'vitest';
import { newestFirst } from '../matching/id-order.ts';
import { personDocument } from './survivorship.ts';

const crm = {
  id: '7',
  updated: '2026-01-10',
  document: {
    id: 'crm-1',
    fullName: 'Ada Lovelace',
    title: null,
    details: {
      name: { given: 'Ada', family: 'Lovelace' },
      emails: [{ value: 'ada@example.com', label: 'personal' }],
      profiles: { twitter: { username: 'ada' } },
      identifiers: { maids: [{ id: 'AAAA', type: 'idfa' }], li_nonid: [] },
    },
  },
};
const partner = {
  id: '9',
  updated: '2026-03-02',
  document: {
    id: 'partner-77',
    fullName: 'Ada King',
    title: 'Analyst',
    details: {
      name: { given: 'Ada', family: 'King' },
      emails: [{ value: 'ADA@example.com ', label: 'work' }, { value: 'ada.king@example.org', label: 'work' }],
      profiles: { github: { username: 'adaking' }, twitter: { username: 'ada_k' } },
      identifiers: { maids: [{ id: 'aaaa', type: 'idfa' }, { id: 'bbbb', type: 'aaid' }], li_nonid: ['x1'] },
    },
  },
};

describe('personDocument', () => {
  it('is the record itself for a person of one record', () => {
    expect(personDocument([crm])).toEqual({ document: crm.document, updated: '2026-01-10' });
  });

  it('takes single values whole from the newest record that has one, and lists from all records once', () => {
    const { document, updated } = personDocument([crm, partner]);
    expect(updated).toBe('2026-03-02');
    expect(document.fullName).toBe('Ada King');
    expect(document.title).toBe('Analyst');
    const details = document.details as Record<string, unknown>;
    expect(details.name).toEqual({ given: 'Ada', family: 'King' });
    expect(details.emails).toEqual([
      { value: 'ADA@example.com ', label: 'work' },
      { value: 'ada.king@example.org', label: 'work' },
    ]);
    expect(details.profiles).toEqual({ github: { username: 'adaking' }, twitter: { username: 'ada_k' } });
    expect(details.identifiers).toEqual({ maids: [{ id: 'aaaa', type: 'idfa' }, { id: 'bbbb', type: 'aaid' }], li_nonid: ['x1'] });
  });

  it('keeps an older record\'s value where the newer has none', () => {
    const older = { ...crm, document: { ...crm.document, title: 'Countess' } };
    const newer = { ...partner, document: { ...partner.document, title: null } };
    expect(personDocument([newer, older]).document.title).toBe('Countess');
  });
});

describe('newestFirst', () => {
  it('orders by date, undated last, then by id as numbers', () => {
    const records = [
      { id: '10', updated: null },
      { id: '9', updated: '2026-01-01' },
      { id: '11', updated: '2026-01-01' },
      { id: '2', updated: '2026-05-01' },
    ];
    expect(newestFirst(records).map((record) => record.id)).toEqual(['2', '9', '11', '10']);
  });
});
