import { describe, expect, it } from 'vitest';
import { STATUS } from '@portal/contracts/envelope';
import { CallMutationError } from '~/lib/query/use-call';
import { serverFieldErrors } from './server-field-errors';

const invalid = (issues: Array<{ field: string; message: string }>) =>
  new CallMutationError('admin.x', 'invalid', {
    status: STATUS.validation,
    msg: 'invalid',
    data: { field: issues[0]!.field, issues },
  });

describe('serverFieldErrors', () => {
  it('maps each field a 40001 names to the form item, leaving out fields the form does not show', () => {
    const err = invalid([
      { field: 'questions.2.title', message: 'Title needed' },
      { field: 'ta_title', message: 'Too long' },
      { field: 'unknown', message: 'x' },
    ]);
    const nameOf = (field: string) =>
      field === 'unknown' ? null : field.startsWith('questions') ? ['questions', 2, 'title'] : field;
    expect(serverFieldErrors(err, nameOf)).toEqual([
      { name: ['questions', 2, 'title'], errors: ['Title needed'] },
      { name: 'ta_title', errors: ['Too long'] },
    ]);
  });

  it('is empty for a refusal, a network failure or any other error', () => {
    const refused = new CallMutationError('admin.x', 'no', { status: STATUS.refused, msg: 'no', data: null });
    expect(serverFieldErrors(refused, (f) => f)).toEqual([]);
    expect(serverFieldErrors(new CallMutationError('admin.x', 'offline', undefined), (f) => f)).toEqual([]);
    expect(serverFieldErrors(new Error('boom'), (f) => f)).toEqual([]);
  });
});
