import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The network's marks (decision 132): the Bharat Connect logo and the B-Assured mark, each as SVG for
 * the site and PNG for the receipt PDF (which embeds only raster images) and mails. The official
 * artwork is the network's trademark: the repository ships neutral placeholders saying so, and an
 * operator drops the official files, under these names, into NETWORK_MARKS_DIR.
 */
export const NETWORK_MARK_FILES = [
  'bharat-connect.svg',
  'bharat-connect.png',
  'b-assured.svg',
  'b-assured.png',
] as const;
export type NetworkMarkFile = (typeof NETWORK_MARK_FILES)[number];

const PLACEHOLDERS_DIR = fileURLToPath(new URL('../../assets/network-marks/', import.meta.url));

export interface NetworkMarkArt {
  body: Buffer;
  contentType: 'image/svg+xml' | 'image/png';
  /** A strong ETag of the content: a swapped file is a new tag. */
  etag: string;
  /** Where it came from: the operator's folder, or the shipped placeholder. */
  source: 'operator' | 'placeholder';
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Whether the bytes are what the name says: a bad PNG would make every receipt PDF fail. */
function looksLike(file: NetworkMarkFile, body: Buffer): boolean {
  if (file.endsWith('.png')) return body.subarray(0, 8).equals(PNG_SIGNATURE);
  return /<svg[\s>]/.test(body.subarray(0, 4096).toString('utf8'));
}

function artOf(file: NetworkMarkFile, body: Buffer, source: NetworkMarkArt['source']): NetworkMarkArt {
  return {
    body,
    contentType: file.endsWith('.png') ? 'image/png' : 'image/svg+xml',
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    source,
  };
}

/**
 * The marks from the operator's folder where it has a file of that name that looks right, else the
 * placeholders. The folder is looked at on each read (one `stat`; the content is read again only when
 * the file's time or size changed), so files dropped in or swapped show without a restart or a
 * rebuild. Only the four names above are ever joined to a folder: nothing a request says reaches the
 * file system.
 */
export function networkMarksFrom(operatorDir: string | undefined, warn: (message: string) => void) {
  const placeholders = new Map<NetworkMarkFile, Promise<NetworkMarkArt>>();
  const operatorArt = new Map<NetworkMarkFile, { version: string; art: NetworkMarkArt | undefined }>();

  const placeholder = (file: NetworkMarkFile) => {
    let art = placeholders.get(file);
    if (!art) {
      art = readFile(join(PLACEHOLDERS_DIR, file)).then((body) => artOf(file, body, 'placeholder'));
      placeholders.set(file, art);
    }
    return art;
  };

  async function fromOperator(file: NetworkMarkFile): Promise<NetworkMarkArt | undefined> {
    if (!operatorDir) return undefined;
    const path = join(operatorDir, file);
    const found = await stat(path).catch(() => undefined);
    if (!found?.isFile()) return undefined;
    const version = `${found.mtimeMs}:${found.size}`;
    const known = operatorArt.get(file);
    if (known?.version === version) return known.art;
    const body = await readFile(path);
    const art = looksLike(file, body) ? artOf(file, body, 'operator') : undefined;
    if (!art) warn(`${path} is not a ${file.endsWith('.png') ? 'PNG' : 'SVG'} file: the placeholder is used`);
    operatorArt.set(file, { version, art });
    return art;
  }

  return {
    /** A mark's current artwork. */
    async read(file: NetworkMarkFile): Promise<NetworkMarkArt> {
      return (await fromOperator(file)) ?? placeholder(file);
    },
  };
}

export type NetworkMarks = ReturnType<typeof networkMarksFrom>;
