import { spawn } from 'node:child_process';
import { basename } from 'node:path';

export interface RunOptions {
  timeoutMs: number;
  /** stdout beyond this many bytes fails the run (protects memory from a runaway tool). */
  maxStdoutBytes?: number;
}

export interface RunResult {
  stdout: Buffer;
  stderr: string;
}

const STDERR_TAIL_BYTES = 4096;

/** Why a tool failed to run or finished unsuccessfully; `exitCode` is set when it ran and exited non-zero. */
export class ToolError extends Error {
  readonly exitCode: number | null;
  readonly stderr: string;
  constructor(message: string, exitCode: number | null, stderr: string) {
    super(message);
    this.name = 'ToolError';
    this.exitCode = exitCode;
    this.stderr = stderr;
  }
}

/** Runs a binary without a shell, collecting stdout (bounded) and the tail of stderr; killed at the timeout. */
export function runTool(command: string, args: string[], options: RunOptions): Promise<RunResult> {
  const name = basename(command);
  const maxStdout = options.maxStdoutBytes ?? 16 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const stdoutChunks: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let failure: ToolError | null = null;

    const stop = (error: ToolError) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () =>
        stop(
          new ToolError(`${name} did not finish within ${options.timeoutMs / 1000} s and was stopped`, null, stderr),
        ),
      options.timeoutMs,
    );

    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxStdout) {
        stop(new ToolError(`${name} wrote more than ${maxStdout} bytes of output`, null, stderr));
        return;
      }
      stdoutChunks.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_BYTES);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ToolError(`${name} could not be started: ${error.message}`, null, stderr));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (failure) return reject(failure);
      if (code !== 0) {
        const detail = stderr.trim().split('\n').slice(-3).join(' | ');
        const status = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        return reject(new ToolError(`${name} ${status}${detail ? `: ${detail}` : ''}`, code, stderr));
      }
      resolve({ stdout: Buffer.concat(stdoutChunks), stderr });
    });
  });
}
