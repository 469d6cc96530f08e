import { constants } from 'node:fs';
import { access, chmod, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

type Tool = 'ffmpeg' | 'ffprobe';

const PACKAGE_BY_TOOL: Record<Tool, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
};

export interface LocateOptions {
  /** Folders to search, PATH-style (default: process.env.PATH). An empty string skips straight to the npm binary. */
  searchPath?: string;
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return false;
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function findOnPath(name: string, searchPath: string): Promise<string | null> {
  const executable = process.platform === 'win32' ? `${name}.exe` : name;
  for (const dir of searchPath.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, executable);
    if (await isExecutable(candidate)) return candidate;
  }
  return null;
}

/**
 * The binary shipped by the npm package. Its postinstall chmod does not always run (npm --ignore-scripts,
 * copied node_modules), so a binary we own gets its execute bits back.
 */
async function packagedBinary(tool: Tool): Promise<string> {
  const packageName = PACKAGE_BY_TOOL[tool];
  let path: string;
  try {
    const require = createRequire(import.meta.url);
    path = (require(packageName) as { path: string }).path;
  } catch (error) {
    throw new Error(
      `${tool} was not found on PATH and ${packageName} has no binary for ${process.platform}-${process.arch} ` +
        `(${String(error)}). Install ${tool} (for example: apt-get install ffmpeg).`,
    );
  }
  if (await isExecutable(path)) return path;
  const info = await stat(path);
  const ownsFile = typeof process.getuid === 'function' && info.uid === process.getuid();
  if (!ownsFile) {
    throw new Error(
      `${tool} from ${packageName} at ${path} is not executable and not ours to chmod: run chmod +x on it`,
    );
  }
  // Execute wherever read is allowed (r-- -> r-x).
  await chmod(path, info.mode | ((info.mode & 0o444) >> 2));
  if (!(await isExecutable(path))) throw new Error(`${tool} at ${path} is still not executable after chmod`);
  return path;
}

const located = new Map<string, Promise<string>>();

/** PATH first, the package as fallback. */
async function pathThenPackage(tool: Tool, searchPath: string): Promise<string> {
  return (await findOnPath(tool, searchPath)) ?? packagedBinary(tool);
}

/** The package first (a static binary), PATH as fallback where the package has none for this platform. */
async function packageThenPath(tool: Tool, searchPath: string): Promise<string> {
  try {
    return await packagedBinary(tool);
  } catch (error) {
    const onPath = await findOnPath(tool, searchPath);
    if (onPath) return onPath;
    throw error;
  }
}

function locate(tool: Tool, options: LocateOptions, order: 'path-first' | 'package-first'): Promise<string> {
  const searchPath = options.searchPath ?? process.env.PATH ?? '';
  const cacheKey = `${tool}\0${order}\0${searchPath}`;
  let found = located.get(cacheKey);
  if (!found) {
    found = order === 'path-first' ? pathThenPackage(tool, searchPath) : packageThenPath(tool, searchPath);
    // A failure is not cached: installing ffmpeg fixes the next call without a restart.
    found.catch(() => located.delete(cacheKey));
    located.set(cacheKey, found);
  }
  return found;
}

/** ffmpeg on PATH when installed (the distribution's build is usually newer), else the npm package's binary. */
export function locateFfmpeg(options: LocateOptions = {}): Promise<string> {
  return locate('ffmpeg', options, 'path-first');
}

/**
 * The npm package's static ffprobe first, PATH where the package has no binary for this platform. ffprobe runs
 * on the upload's request (its duration and size are in the answer): the static build starts in about 10 ms,
 * a distribution's build linked against some 200 shared libraries spends 100 ms and more of CPU loading them
 * (0.2-0.6 s on a busy 2-core machine), on every upload. Reading a container's header needs no newer build.
 */
export function locateFfprobe(options: LocateOptions = {}): Promise<string> {
  return locate('ffprobe', options, 'package-first');
}
