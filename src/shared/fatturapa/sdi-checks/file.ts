import { checkSdiFileName } from '../file-name.ts';
import { problem } from './problem.ts';
import { SDI_MAX_FILE_SIZE } from './types.ts';
import type { SdiCheck } from './types.ts';

export const fileNameFormat: SdiCheck = {
  name: 'fileNameFormat',
  codes: ['00001'],
  run({ context }) {
    if (context.fileName === undefined) return [];
    const result = checkSdiFileName(context.fileName);
    return result === 'ok' ? [] : [problem('00001', '', { fileName: context.fileName, reason: result })];
  },
};

export const fileNameReuse: SdiCheck = {
  name: 'fileNameReuse',
  codes: ['00002'],
  run({ context }) {
    const { fileName, isFileNameUsed } = context;
    if (fileName === undefined || isFileNameUsed === undefined) return [];
    return isFileNameUsed(fileName) ? [problem('00002', '', { fileName })] : [];
  },
};

export const fileSize: SdiCheck = {
  name: 'fileSize',
  codes: ['00003'],
  run({ context }) {
    const limit = context.maxFileSize ?? SDI_MAX_FILE_SIZE;
    if (context.fileSize === undefined || context.fileSize <= limit) return [];
    return [problem('00003', '', { size: context.fileSize, limit })];
  },
};

export const fileChecks: readonly SdiCheck[] = [fileNameFormat, fileNameReuse, fileSize];
