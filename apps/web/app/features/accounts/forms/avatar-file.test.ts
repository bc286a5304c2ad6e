import { describe, expect, it } from 'vitest';
import { avatarFileProblem } from './avatar-file';

const MB = 1024 * 1024;

describe('the avatar file check', () => {
  it('accepts JPG, JPEG and PNG up to 3 MB, whatever the case of the extension', () => {
    expect(avatarFileProblem({ name: 'me.jpg', type: 'image/jpeg', size: 200_000 })).toBeNull();
    expect(avatarFileProblem({ name: 'me.JPEG', type: 'image/jpeg', size: 3 * MB })).toBeNull();
    expect(avatarFileProblem({ name: 'me.png', type: '', size: 1 })).toBeNull();
  });

  it('refuses other formats with the types named', () => {
    const wrongType = { key: 'accounts.avatarType', vars: { types: 'JPG/JPEG/PNG' } };
    expect(avatarFileProblem({ name: 'me.gif', type: 'image/gif', size: 1 })).toEqual(wrongType);
    expect(avatarFileProblem({ name: 'me.png', type: 'image/gif', size: 1 })).toEqual(wrongType);
    expect(avatarFileProblem({ name: 'png', type: 'image/png', size: 1 })).toEqual(wrongType);
  });

  it('refuses a file over 3 MB', () => {
    expect(avatarFileProblem({ name: 'me.png', type: 'image/png', size: 3 * MB + 1 })).toEqual({
      key: 'accounts.avatarTooLarge',
      vars: { mb: 3 },
    });
  });
});
