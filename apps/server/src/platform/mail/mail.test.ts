import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { createMailer, parseCaughtMessage } from './mail';

/** The message exactly as nodemailer puts it on the wire. */
async function composed(fields: { subject: string; text: string; textEncoding?: 'base64' | 'quoted-printable' }) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await transport.sendMail({ from: 'Portal <no-reply@example.com>', to: 'a@example.com', ...fields });
  return (info.message as Buffer).toString('latin1');
}

describe('reading back caught mail', () => {
  const subject = '存储社区验证码 – a long subject that nodemailer folds over several encoded words, 中文也在里面';
  const text =
    '您正在登录存储社区，验证码为 123456，10 分钟内有效。\n\nIf you did not ask for it, ignore this message.';

  it('reads subject and text of a base64 message', async () => {
    expect(parseCaughtMessage(await composed({ subject, text, textEncoding: 'base64' }))).toEqual({ subject, text });
  });

  it('reads subject and text of a quoted-printable message', async () => {
    expect(parseCaughtMessage(await composed({ subject, text, textEncoding: 'quoted-printable' }))).toEqual({
      subject,
      text,
    });
  });

  it('reads a plain ASCII message', async () => {
    expect(parseCaughtMessage(await composed({ subject: 'Your code', text: 'Code 654321' }))).toEqual({
      subject: 'Your code',
      text: 'Code 654321',
    });
  });
});

describe('the outbox mailer', () => {
  it('sends over SMTP to a loopback server that hands each message to the outbox', async () => {
    const caught: unknown[] = [];
    const mailer = await createMailer({
      from: 'Portal <no-reply@example.com>',
      outbox: async (entry) => void caught.push(entry),
    });
    try {
      await mailer.send({ to: 'Someone@Example.com', subject: '验证码', text: '验证码 000123' });
      expect(caught).toEqual([
        { channel: 'email', recipient: 'someone@example.com', subject: '验证码', body: '验证码 000123' },
      ]);
    } finally {
      await mailer.close();
    }
  });

  it('rejects the send when the outbox cannot keep the message', async () => {
    const mailer = await createMailer({
      from: 'Portal <no-reply@example.com>',
      outbox: async () => {
        throw new Error('database is gone');
      },
    });
    try {
      await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
    } finally {
      await mailer.close();
    }
  });
});
