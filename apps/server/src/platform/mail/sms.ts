import type { OutboxSink } from './mail';

/**
 * Sends a text message. A gateway (Aliyun SMS, Twilio, …) plugs in behind this interface; until one
 * is configured, production refuses codes by SMS and only the outbox mode has a provider.
 */
export interface SmsProvider {
  /** Resolves once the gateway accepted the message. `to` is a mainland or E.164 number. */
  send(to: string, text: string): Promise<void>;
}

/** The development and test provider: the message lands in the same outbox as caught mail. */
export function outboxSmsProvider(sink: OutboxSink): SmsProvider {
  return {
    send: (to, text) => sink({ channel: 'sms', recipient: to, subject: '', body: text }),
  };
}
