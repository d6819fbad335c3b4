import { describe, expect, it } from 'vitest';
import { clustersOfExport } from './resolution-kith.ts';

describe('clustersOfExport', () => {
  it('reads each person of `kith export persons` as a cluster of record keys', () => {
    const text = [
      '{"personId": "101", "records": [{"source": "a", "id": "17"}, {"source": "c", "id": "2"}], "mergedIds": ["99"]}',
      '',
      '{"personId": "102", "records": [{"source": "b", "id": "4"}], "mergedIds": []}',
      '',
    ].join('\n');
    expect(clustersOfExport(text)).toEqual([['a:17', 'c:2'], ['b:4']]);
  });

  it('refuses a line that is not a person, naming it', () => {
    expect(() => clustersOfExport('{"personId": "1", "records": []}\nnot json\n')).toThrow('export line 2: not JSON');
    expect(() => clustersOfExport('{"personId": "1", "records": [{"source": "a"}]}\n')).toThrow(/export line 1: .*records/s);
  });
});
